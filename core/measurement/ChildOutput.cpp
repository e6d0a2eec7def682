#include "core/measurement/ChildOutput.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace perfdash {

ChildOutput::ChildOutput(UniqueFd stdoutPipe, UniqueFd stderrPipe, size_t limitBytes)
    : pipes_{std::move(stdoutPipe), std::move(stderrPipe)},
      finishEvent_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)),
      limitBytes_(limitBytes) {
    for (const auto& p : pipes_)
        if (p) ::fcntl(p.get(), F_SETFL, ::fcntl(p.get(), F_GETFL) | O_NONBLOCK);
    thread_ = std::thread(&ChildOutput::run, this);
}

ChildOutput::~ChildOutput() { finish(); }

void ChildOutput::finish() {
    if (!thread_.joinable()) return;
    const uint64_t one = 1;
    [[maybe_unused]] ssize_t ignored = ::write(finishEvent_.get(), &one, sizeof one);
    thread_.join();
}

void ChildOutput::append(OutputChunk::Stream stream, const char* data, size_t size) {
    std::lock_guard lock(mutex_);
    if (chunks_.empty() || chunks_.back().stream != stream) chunks_.push_back({stream, {}});
    chunks_.back().text.append(data, size);
    bufferedBytes_ += size;
    while (bufferedBytes_ > limitBytes_) {
        OutputChunk& oldest = chunks_.front();
        const size_t excess = bufferedBytes_ - limitBytes_;
        if (oldest.text.size() > excess) {
            oldest.text.erase(0, excess);
            bufferedBytes_ -= excess;
            droppedBytes_ += excess;
        } else {
            bufferedBytes_ -= oldest.text.size();
            droppedBytes_ += oldest.text.size();
            chunks_.pop_front();
        }
    }
}

bool ChildOutput::drain(int fd, OutputChunk::Stream stream) {
    char buffer[65536];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got > 0) {
            append(stream, buffer, static_cast<size_t>(got));
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        return got < 0 && errno == EAGAIN;
    }
}

void ChildOutput::run() {
    const OutputChunk::Stream streams[2] = {OutputChunk::Stream::Stdout, OutputChunk::Stream::Stderr};
    bool open[2] = {pipes_[0].valid(), pipes_[1].valid()};
    for (;;) {
        pollfd fds[3] = {{finishEvent_.get(), POLLIN, 0},
                         {open[0] ? pipes_[0].get() : -1, POLLIN, 0},
                         {open[1] ? pipes_[1].get() : -1, POLLIN, 0}};
        if (!open[0] && !open[1]) return;
        if (::poll(fds, 3, -1) < 0 && errno != EINTR) return;
        const bool finishing = fds[0].revents != 0;
        for (int i = 0; i < 2; ++i)
            if (open[i] && (fds[i + 1].revents || finishing)) open[i] = drain(pipes_[i].get(), streams[i]);
        if (finishing) return;
    }
}

std::vector<OutputChunk> ChildOutput::take() {
    std::lock_guard lock(mutex_);
    std::vector<OutputChunk> out(std::make_move_iterator(chunks_.begin()), std::make_move_iterator(chunks_.end()));
    chunks_.clear();
    bufferedBytes_ = 0;
    return out;
}

uint64_t ChildOutput::droppedBytes() const {
    std::lock_guard lock(mutex_);
    return droppedBytes_;
}

} // namespace perfdash
