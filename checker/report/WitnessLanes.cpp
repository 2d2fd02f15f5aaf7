#include "report/WitnessLanes.h"
#include <algorithm>

namespace commcheck {

bool hasLanes(const Finding &F) {
  return std::any_of(F.Witness.begin(), F.Witness.end(),
                     [](const WitnessStep &S) { return S.Lane >= 0; });
}

std::vector<int> lanesInOrder(const Finding &F) {
  std::vector<int> Out;
  for (const WitnessStep &S : F.Witness)
    if (std::find(Out.begin(), Out.end(), S.Lane) == Out.end())
      Out.push_back(S.Lane);
  return Out;
}

std::string laneName(int Lane) { return Lane < 0 ? "no rank" : "rank " + std::to_string(Lane); }

std::string lanePrefix(const WitnessStep &S) {
  return S.Lane < 0 ? "" : "[" + laneName(S.Lane) + "] ";
}

int edgeTarget(const Finding &F, size_t Step) {
  int To = F.Witness[Step].EdgeTo;
  return To >= 0 && static_cast<size_t>(To) < F.Witness.size() ? To : -1;
}

} // namespace commcheck
