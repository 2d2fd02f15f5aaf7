#include "analyses/BudgetExceeded.h"

namespace commcheck {
char BudgetExceeded::ID = 0;
} // namespace commcheck
