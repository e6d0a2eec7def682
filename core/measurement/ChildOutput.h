#pragma once
// What a launched program writes to stdout and stderr, when captured (the
// GUI shows it in a log pane). A thread drains both pipes all the time so the
// program never blocks on a full pipe (that would distort what is measured);
// the text is kept in a bounded buffer that the consumer takes from.
#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/util/UniqueFd.h"

namespace perfdash {

struct OutputChunk {
    enum class Stream { Stdout, Stderr };
    Stream stream = Stream::Stdout;
    std::string text;
};

class ChildOutput {
public:
    // Takes the read ends of the child's stdout and stderr pipes. Keeps at most
    // `limitBytes` untaken text; older text is dropped and counted.
    ChildOutput(UniqueFd stdoutPipe, UniqueFd stderrPipe, size_t limitBytes = size_t(1) << 20);
    ~ChildOutput();
    ChildOutput(const ChildOutput&) = delete;
    ChildOutput& operator=(const ChildOutput&) = delete;

    // The text that arrived since the last take, in arrival order (a chunk per
    // stream switch). Never blocks on the child.
    std::vector<OutputChunk> take();
    uint64_t droppedBytes() const;

    // The child has exited: collects what the pipes still hold without waiting
    // for end-of-file (a background grandchild may keep them open), then stops.
    void finish();

private:
    void run();
    // Reads what is available; false once the pipe reached end-of-file.
    bool drain(int fd, OutputChunk::Stream stream);
    void append(OutputChunk::Stream stream, const char* data, size_t size);

    UniqueFd pipes_[2];
    UniqueFd finishEvent_;
    const size_t limitBytes_;
    mutable std::mutex mutex_;
    std::deque<OutputChunk> chunks_;
    size_t bufferedBytes_ = 0;
    uint64_t droppedBytes_ = 0;
    std::thread thread_;
};

} // namespace perfdash
