#include "TestSupport.h"

#include "MutantWriter.h"
#include "base/CompilerFlags.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

namespace commgen::test {

std::string scratchDir(const std::string &Name) {
  std::filesystem::path P = std::filesystem::path(COMMGEN_TEST_TMP) / Name;
  std::filesystem::remove_all(P);
  std::filesystem::create_directories(P);
  return P.string();
}

void writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream F(Path, std::ios::binary);
  F << Text;
}

std::string readFile(const std::string &Path) {
  std::ifstream F(Path, std::ios::binary);
  std::stringstream S;
  S << F.rdbuf();
  return S.str();
}

std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  std::string L;
  while (std::getline(In, L))
    Lines.push_back(L);
  return Lines;
}

bool canParse(std::string *Why) {
  std::string Clang = COMMGEN_CLANGXX;
  if (Clang.empty() || Clang.find("NOTFOUND") != std::string::npos) {
    if (Why)
      *Why = "clang++-19 not found";
    return false;
  }
  if (!std::filesystem::exists(std::string(COMMGEN_SHIM_DIR) + "/" + commcheck::flags::predefsHeader())) {
    if (Why)
      *Why = std::string("shim not found in ") + COMMGEN_SHIM_DIR;
    return false;
  }
  return true;
}

namespace {

std::string runCapture(const std::string &Cmd, int &Status) {
  std::string Out;
  FILE *P = popen((Cmd + " 2>&1").c_str(), "r");
  if (!P) {
    Status = -1;
    return "popen failed";
  }
  std::array<char, 4096> Buf;
  size_t N;
  while ((N = fread(Buf.data(), 1, Buf.size(), P)) > 0)
    Out.append(Buf.data(), N);
  Status = pclose(P);
  return Out;
}

std::string parseOne(const std::string &File) {
  std::string Cmd = std::string("'") + COMMGEN_CLANGXX + "'";
  for (const std::string &A : MutantWriter::parseArgs())
    Cmd += " " + A;
  Cmd += std::string(" -I '") + COMMGEN_SHIM_DIR + "' '" + File + "'";
  int Status = 0;
  std::string Out = runCapture(Cmd, Status);
  if (Status != 0 || Out.find("error:") != std::string::npos)
    return Out.empty() ? "clang exited with status " + std::to_string(Status) : Out;
  return "";
}

} // namespace

std::vector<std::string> parseErrors(const std::vector<std::string> &Files) {
  std::vector<std::string> Results(Files.size());
  unsigned Workers = std::max(2u, std::thread::hardware_concurrency());
  for (size_t Start = 0; Start < Files.size(); Start += Workers) {
    std::vector<std::future<std::string>> Jobs;
    for (size_t I = Start; I < Files.size() && I < Start + Workers; ++I)
      Jobs.push_back(std::async(std::launch::async, parseOne, Files[I]));
    for (size_t I = 0; I < Jobs.size(); ++I)
      Results[Start + I] = Jobs[I].get();
  }
  return Results;
}

CollectiveParams smallParams(int Ranks, DType Type, Variant V) {
  CollectiveParams P;
  P.Ranks = Ranks;
  P.Type = Type;
  P.Var = V;
  P.Chunk = 1024;
  P.Blocks = 2;
  P.Count = 1024 * 2 * 3; // three chunks per block
  return P;
}

} // namespace commgen::test
