#include "frontend/ShimStandIn.h"
#include "base/WholeWord.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace commcheck {

namespace {
constexpr llvm::StringRef Marker = "// stands-in-for:";
constexpr llvm::StringRef DeclaresKey = "declares:";

std::string joined(const std::vector<std::string> &Items, llvm::StringRef Prefix) {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I)
    Out += (I ? ", " : "") + Prefix.str() + Items[I];
  return Out;
}
} // namespace

std::optional<ShimStandIn> ShimStandIn::parse(std::string Name, const std::string &Text) {
  llvm::StringRef Rest(Text);
  size_t At = Rest.find(Marker);
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Line = Rest.substr(At + Marker.size()).split('\n').first;
  auto [PlacesText, DeclaresText] = Line.split(';');
  DeclaresText = DeclaresText.trim();
  DeclaresText.consume_front(DeclaresKey);
  ShimStandIn S;
  S.Name = std::move(Name);
  llvm::SmallVector<llvm::StringRef, 4> Words;
  PlacesText.split(Words, ' ', -1, false);
  for (llvm::StringRef W : Words) {
    auto Glob = llvm::GlobPattern::create(("*/" + W).str());
    if (!Glob) {
      llvm::consumeError(Glob.takeError());
      continue;
    }
    S.Places.push_back(W.str());
    S.PlaceGlobs.push_back(std::move(*Glob));
  }
  Words.clear();
  DeclaresText.split(Words, ' ', -1, false);
  for (llvm::StringRef W : Words)
    S.Declares.push_back(W.str());
  return S;
}

std::string ShimStandIn::recognise(const std::string &Path, const std::string &Text) const {
  for (size_t I = 0; I < PlaceGlobs.size(); ++I)
    if (PlaceGlobs[I].match(Path))
      return "it is at */" + Places[I];
  for (const std::string &D : Declares)
    if (hasWord(Text, D))
      return "it declares " + D;
  return "";
}

std::string ShimStandIn::describe() const {
  std::string Out = Places.empty() ? "" : "at " + joined(Places, "*/");
  if (!Declares.empty())
    Out += (Out.empty() ? "" : ", or ") + std::string("declaring ") + joined(Declares, "");
  return Out;
}

} // namespace commcheck
