// The documented JSON report schema (docs/report.schema.json) and a small validator for the JSON
// Schema keywords it uses, shared by the emitter tests and the end-to-end report tests.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace commcheck::test {

/// docs/report.schema.json, parsed once.
const nlohmann::json &reportSchema();

/// Where Report breaks the schema (empty: it conforms). Schema keywords outside the subset the
/// validator knows (type, const, enum, required, properties, additionalProperties: false, items,
/// minimum, $ref to #/$defs/NAME) are reported too, so that the schema cannot silently grow
/// beyond what the tests check.
std::vector<std::string> reportSchemaProblems(const nlohmann::json &Report);

} // namespace commcheck::test
