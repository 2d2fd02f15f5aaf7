// Shared by the robustness tests: running the commcheck binary with a hang guard, a temporary
// folder, generators of pathological kernels.
#pragma once
#include <string>
#include <vector>

namespace commcheck::robust {

/// A generous wall-clock bound for one commcheck run: a hang guard, not a performance assertion
/// (sanitizer builds are several times slower than Release).
constexpr unsigned HangGuardSeconds = 180;

struct Invocation {
  int Exit = -1;      ///< the exit code; -2 when the program crashed or hit the hang guard
  bool TimedOut = false;
  double Seconds = 0;
  std::string Out, Err;
  std::string all() const;
  /// Exited normally with one of commcheck's own codes (0, 1 or 2): no crash, no hang.
  bool exitedCleanly() const { return !TimedOut && Exit >= 0 && Exit <= 2; }
};

Invocation runCommcheck(const std::vector<std::string> &Args, unsigned TimeoutSeconds = HangGuardSeconds);

class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const std::string &path() const { return Path; }
  std::string operator/(const std::string &Rel) const;
  /// Writes Bytes (binary-safe) to Rel, creating folders; returns the path.
  std::string write(const std::string &Rel, const std::string &Bytes) const;
  /// The regular files directly in Rel ("" when it does not exist), sorted.
  std::vector<std::string> files(const std::string &Rel) const;

private:
  std::string Path;
};

std::vector<std::string> lines(const std::string &Text);
/// Lines of Text starting with Prefix.
std::vector<std::string> linesStarting(const std::string &Text, const std::string &Prefix);
bool contains(const std::string &Hay, const std::string &Needle);

/// A clean kernel: verified, copied by the gate.
extern const char *CleanKernel;

/// Deterministic pseudo-random bytes (all 256 values, NULs included).
std::string garbage(size_t Size, unsigned Seed);

} // namespace commcheck::robust
