#include "ReportSchema.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <set>

using Json = nlohmann::json;

namespace commcheck::test {

namespace {

void validate(const Json &S, const Json &V, const std::string &Path,
              std::vector<std::string> &Out) {
  static const std::set<std::string> Known = {
      "$schema", "$id",        "title",      "description",          "type",  "const", "enum",
      "required", "properties", "additionalProperties", "items", "minimum", "$ref",  "$defs"};
  for (const auto &[K, _] : S.items())
    if (!Known.count(K))
      Out.push_back("schema keyword '" + K + "' is not supported by this test");
  if (S.contains("$ref")) {
    std::string Ref = S["$ref"];
    if (Ref.rfind("#/$defs/", 0) != 0) {
      Out.push_back("unsupported $ref " + Ref);
      return;
    }
    validate(reportSchema()["$defs"][Ref.substr(8)], V, Path, Out);
    return;
  }
  if (S.contains("type")) {
    std::string T = S["type"];
    bool Ok = T == "object"    ? V.is_object()
              : T == "array"   ? V.is_array()
              : T == "string"  ? V.is_string()
              : T == "boolean" ? V.is_boolean()
              : T == "integer" ? V.is_number_integer()
              : T == "number"  ? V.is_number()
                               : false;
    if (!Ok) {
      Out.push_back(Path + ": expected " + T + ", got " + V.dump());
      return;
    }
  }
  if (S.contains("const") && V != S["const"])
    Out.push_back(Path + ": expected " + S["const"].dump() + ", got " + V.dump());
  if (S.contains("enum") && std::find(S["enum"].begin(), S["enum"].end(), V) == S["enum"].end())
    Out.push_back(Path + ": " + V.dump() + " is not one of " + S["enum"].dump());
  if (S.contains("minimum") && V.is_number() && V.get<double>() < S["minimum"].get<double>())
    Out.push_back(Path + ": below the minimum");
  if (V.is_object()) {
    for (const auto &R : S.value("required", Json::array()))
      if (!V.contains(R.get<std::string>()))
        Out.push_back(Path + ": missing '" + R.get<std::string>() + "'");
    const Json Props = S.value("properties", Json::object());
    for (const auto &[K, Sub] : V.items()) {
      if (Props.contains(K))
        validate(Props[K], Sub, Path + "." + K, Out);
      else if (S.contains("additionalProperties") && !S["additionalProperties"].get<bool>())
        Out.push_back(Path + ": unexpected '" + K + "'");
    }
  }
  if (V.is_array() && S.contains("items"))
    for (size_t I = 0; I < V.size(); ++I)
      validate(S["items"], V[I], Path + "[" + std::to_string(I) + "]", Out);
}

} // namespace

const Json &reportSchema() {
  static const Json S = [] {
    auto B = llvm::MemoryBuffer::getFile(COMMCHECK_SOURCE_DIR "/docs/report.schema.json");
    return Json::parse(B ? (*B)->getBuffer().str() : std::string("null"));
  }();
  return S;
}

std::vector<std::string> reportSchemaProblems(const Json &Report) {
  std::vector<std::string> Out;
  validate(reportSchema(), Report, "$", Out);
  return Out;
}

} // namespace commcheck::test
