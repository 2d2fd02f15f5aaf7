int a; // NOLINT
int b; // NOLINT(comm-publish-before-notify): the host publishes it
// NOLINTNEXTLINE(comm-*, -comm-flag-balance) -- reviewed
int c;
/* NOLINTBEGIN(comm-flag-balance): block */
int d;
// NOLINTEND(comm-flag-balance)
// NOLINTBEGIN
// NOLINTEND(comm-x)
const char *s = "// NOLINT in a string";
auto r = R"x(// NOLINT in a raw string)x";
int e = 1'000; // NOLINT(comm-[a-): bad glob
int f; // NOLINT(unterminated
int g; // NOLINTNEXTLINE — em dash reason
