// N concurrent scrapers of an agent's /metrics (perfdash-cli serve), each
// scraping R times in a row on a fresh connection, as fast as answers come:
// prints every answer's time (connect to last byte) as p50, p99 and max, and
// the p99's ratio to the 50 ms target. C++ and httplib, so that the client's
// own cost is small beside the agent's (agent_resources.py runs it).
//   perfdash_bench_agent_scrapers PORT [scrapers=100] [rounds=20]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PORT [scrapers=100] [rounds=20]\n", argv[0]);
        return 2;
    }
    const int port = std::atoi(argv[1]);
    const int scrapers = argc > 2 ? std::atoi(argv[2]) : 100;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 20;
    std::vector<std::vector<double>> times(static_cast<size_t>(scrapers));
    std::atomic<int> failures{0}, ready{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int s = 0; s < scrapers; ++s)
        threads.emplace_back([&, s] {
            ++ready;
            while (!go) std::this_thread::yield();
            for (int r = 0; r < rounds; ++r) {
                const auto t0 = std::chrono::steady_clock::now();
                httplib::Client client("127.0.0.1", port);
                client.set_connection_timeout(60);
                client.set_read_timeout(60);
                auto res = client.Get("/metrics");
                const auto t1 = std::chrono::steady_clock::now();
                if (!res || res->status != 200 || res->body.find("perfdash_event_total") == std::string::npos) {
                    ++failures;
                    continue;
                }
                times[static_cast<size_t>(s)].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            }
        });
    while (ready < scrapers) std::this_thread::yield();
    const auto start = std::chrono::steady_clock::now();
    go = true;
    for (auto& t : threads) t.join();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<double> all;
    for (const auto& t : times) all.insert(all.end(), t.begin(), t.end());
    std::sort(all.begin(), all.end());
    if (all.empty()) {
        std::printf("no answer at all (%d failures)\n", failures.load());
        return 1;
    }
    auto at = [&](double p) { return all[std::min(all.size() - 1, static_cast<size_t>(p / 100 * all.size()))]; };
    std::printf("%d concurrent scrapers x %d, a connection each: %zu answered in %.1f s (%d failed), p50 %.1f ms, "
                "p99 %.1f ms, max %.1f ms; target p99 50 ms: ratio %.2f\n",
                scrapers, rounds, all.size(), wall, failures.load(), at(50), at(99), all.back(), at(99) / 50);
    return failures ? 1 : 0;
}
