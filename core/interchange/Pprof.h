#pragma once
// A profile selection as a pprof profile (profile.proto, gzip-compressed):
// what `go tool pprof`, Grafana Pyroscope, Parca and speedscope read. The
// message definition is ours (core/interchange/pprof.proto), compiled by
// Debian's protoc; docs/sampling.md ("Export") says what lands where.
//
// - sample_type: ("samples", "count") first, then the sampled event's
//   weight (the sum of its samples' periods, what shares are of and perf
//   weighs by: the default sample type), then each other event of the group
//   read with every sample, so that a group's counts travel together. Clock
//   events count nanoseconds, others "count".
// - A sample per call path, stack state, thread and set of marker regions
//   over the selection's intervals, its stack innermost first; labels
//   "pid", "tid" (numbers), "thread" (its name), "region" (each marker
//   region running), "stack" ("incomplete" or "unknown" where it did not
//   reach an entry).
// - A location per piece of machine code on a path: a frame and the frames
//   inlined into it, one Line each, innermost first. The profile keeps no
//   addresses of call paths (they are symbolized when recorded), so
//   locations have address 0 and mappings no address range; every location
//   is symbolized (has_functions), so no viewer symbolizes it again.
// - A mapping per binary with its path and build-id; a function per name and
//   source file (start lines are not kept, so 0).
// - period_type the sampled event, period the fixed period, or in frequency
//   mode the selection's mean period; time_nanos the start of the selected
//   intervals, duration_nanos their length; comments name perfdash, the
//   source (and whether it was replayed from a file or made up), the
//   sampling, the selection and the recording's notices and warnings.
#include <string>

#include "core/interchange/ExportSource.h"
#include "core/profile/Profile.h"
#include "core/profile/ProfileViews.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct PprofOptions {
    ExportSource source;
};

// The selection's samples as a serialized profile.proto message, not
// compressed. A selection without rows gives a valid profile without
// samples (selectRows refuses one with its reason before that).
std::string pprofProto(const Profile& profile, const ProfileSelection& selection, const PprofOptions& options);

// The same gzip-compressed: the bytes of a .pb.gz file, what
// /debug/pprof/profile serves. Fails only where zlib does.
Result<std::string> pprofGzip(const Profile& profile, const ProfileSelection& selection, const PprofOptions& options);

// pprofGzip's bytes written atomically to `path` (core/util/AtomicFile).
Status writePprofFile(const std::string& path, const Profile& profile, const ProfileSelection& selection,
                      const PprofOptions& options);

} // namespace perfdash
