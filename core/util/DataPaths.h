#pragma once
#include <string>
#include <vector>

namespace perfdash {

// Where perfdash's own data (performance groups, instruction catalogs) lives:
// $PERFDASH_DATA_DIR if set, else the installed share/perfdash next to the
// executable, else the source tree's resources/ (so a build-tree binary works
// without installing).
std::string dataDir();

// The user's configuration directory: $XDG_CONFIG_HOME/perfdash or ~/.config/perfdash.
std::string userConfigDir();

// The user's data directory (what perfdash writes and keeps: sessions, the
// measured ceilings): $XDG_DATA_HOME/perfdash or ~/.local/share/perfdash.
std::string userDataDir();
// Where the Probes page keeps the last ceilings measured here, and where the
// roofline (dashboard, `report --roofline`) looks without --ceilings:
// <userDataDir()>/ceilings.json.
std::string ceilingsFilePath();

// The user's home directory ($HOME, else the passwd entry).
std::string homeDir();

} // namespace perfdash
