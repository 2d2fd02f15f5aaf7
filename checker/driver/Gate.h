// The gate: only verified kernels reach the device build's folder. A kernel is written from the
// exact bytes that were checked (never copied again from disk, which may have changed since), and
// a rejected or unwritable kernel's earlier copy is removed, so the folder never holds a kernel
// this run did not verify.
#pragma once
#include "driver/Checker.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace commcheck {

struct GateInput {
  std::string Path;          ///< as given on the command line
  const FileResult *Result;  ///< null when the file could not be checked
  const std::string *Bytes;  ///< the content that was checked (null when it could not be read)
};

class Gate {
public:
  explicit Gate(std::string OutDir) : OutDir(std::move(OutDir)) {}
  /// An error when two inputs would be written to one name in the out-dir.
  static llvm::Error checkNames(const std::vector<std::string> &Files);
  /// Writes the verified inputs and removes the copies of the others; reports each on Err.
  /// Returns false when a kernel was rejected; WriteFailed is set when a copy could not be written
  /// (every other input is still handled).
  bool run(const std::vector<GateInput> &Inputs, llvm::raw_ostream &Err, bool &WriteFailed) const;

private:
  std::string OutDir;
};

} // namespace commcheck
