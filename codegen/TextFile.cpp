#include "TextFile.h"

#include <fstream>

namespace commgen {

bool writeTextFile(const std::string &Path, const std::string &Text) {
  std::ofstream F(Path, std::ios::binary);
  F << Text;
  F.close();
  return static_cast<bool>(F);
}

} // namespace commgen
