#include "core/topology/CpuList.h"

#include <algorithm>
#include <cctype>
#include <climits>

#include "core/topology/AffinityDomains.h"
#include "core/util/Strings.h"

namespace perfdash {
namespace {

// One comma-separated entry: a number or a range FIRST-LAST. A range may run
// downwards ("7-4" is 7,6,5,4), as in likwid.
struct ListEntry {
    int first = 0;
    int last = 0;
    template <class F>
    Status forEach(F&& f) const {
        const int step = first <= last ? 1 : -1;
        for (int v = first;; v += step) {
            if (auto s = f(v); !s) return s;
            if (v == last) return {};
        }
    }
};

class ListParser {
public:
    explicit ListParser(std::string_view whole) : whole_(whole) {}

    Error error(const std::string& what) const { return makeError("CPU list '" + whole_ + "': " + what); }

    // "0,2-4" into entries. `what` says what the numbers are ("a CPU number", "an index").
    Result<std::vector<ListEntry>> entries(std::string_view list, const std::string& what) const {
        std::vector<ListEntry> out;
        for (const auto& raw : split(list, ',', true)) {
            const std::string item = trim(raw);
            if (item.empty()) {
                return error("'" + std::string(list) + "' has an empty entry; separate entries with single commas, e.g. 0,2-4");
            }
            auto dash = item.find('-', 1); // not at 0: "-1" is a malformed number, not a range
            auto first = number(item.substr(0, dash));
            auto last = dash == std::string::npos ? first : number(item.substr(dash + 1));
            if (!first || !last) {
                return error("'" + item + "' is not " + what + " or a range of them; write a number or FIRST-LAST, e.g. 0-3");
            }
            out.push_back({*first, *last});
        }
        return out;
    }

private:
    static std::optional<int> number(const std::string& text) {
        auto v = parseUnsigned(trim(text));
        if (!v || *v > INT_MAX) return std::nullopt;
        return static_cast<int>(*v);
    }

    std::string whole_;
};

// Resolves the parts of one '@'-joined list against a machine.
class CpuListResolver {
public:
    CpuListResolver(std::string_view whole, const Topology& topology)
        : parser_(whole), topology_(topology), domains_(affinityDomains(topology)) {}

    Status part(const std::string& text) {
        if (text.empty()) {
            return parser_.error("has an empty part; join parts with a single '@', e.g. S0:0-1@S1:0-1");
        }
        if (text.starts_with("E:")) return expression(text);
        if (text.starts_with("L:")) {
            const std::string rest = text.substr(2);
            auto colon = rest.find(':');
            if (colon == std::string::npos) return logical("N", rest, text);
            return logical(rest.substr(0, colon), rest.substr(colon + 1), text);
        }
        if (std::isdigit(static_cast<unsigned char>(text[0]))) return physical(text);
        if (std::isalpha(static_cast<unsigned char>(text[0]))) {
            auto colon = text.find(':');
            if (colon == std::string::npos) {
                auto domain = find(text);
                if (!domain) return domain.error();
                append((*domain)->cpus);
                return {};
            }
            return logical(text.substr(0, colon), text.substr(colon + 1), text);
        }
        return parser_.error("'" + text + "' is neither CPU numbers (0,2-4) nor an affinity domain expression "
                             "(S0:0-3, L:N:0-7, E:S0:4:1:2)");
    }

    Result<std::vector<int>> result() && { return std::move(cpus_); }

private:
    // OS CPU numbers: each must exist and be online.
    Status physical(const std::string& text) {
        auto entries = parser_.entries(text, "a CPU number");
        if (!entries) return entries.error();
        for (const auto& e : *entries) {
            auto s = e.forEach([&](int cpu) -> Status {
                const HwThread* t = topology_.hwThread(cpu);
                if (!t) {
                    return parser_.error("CPU " + std::to_string(cpu) + " does not exist on this machine (online CPUs: " +
                                         formatCpuList(topology_.onlineCpus()) + ")");
                }
                if (!t->online) {
                    return parser_.error("CPU " + std::to_string(cpu) + " is offline (online CPUs: " +
                                         formatCpuList(topology_.onlineCpus()) + "); leave it out or bring it online "
                                         "with 'echo 1 > /sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/online'");
                }
                append({cpu});
                return {};
            });
            if (!s) return s;
        }
        return {};
    }

    // Indices into the domain's physical-cores-first order.
    Status logical(const std::string& tag, const std::string& list, const std::string& text) {
        auto domain = find(tag);
        if (!domain) return domain.error();
        const AffinityDomain& d = **domain;
        if (trim(list).empty()) {
            return parser_.error("'" + text + "' has no indices after the colon; write '" + tag +
                                 "' for the whole domain or e.g. '" + tag + ":0-1' for part of it");
        }
        auto entries = parser_.entries(list, "an index");
        if (!entries) return entries.error();
        for (const auto& e : *entries) {
            auto s = e.forEach([&](int index) -> Status {
                if (static_cast<size_t>(index) >= d.physicalFirst.size()) {
                    return parser_.error("index " + std::to_string(index) + " in '" + text + "' is outside domain " +
                                         d.tag + ", which has " + std::to_string(d.physicalFirst.size()) +
                                         " hardware threads (indices 0-" +
                                         std::to_string(d.physicalFirst.size() - 1) + ")");
                }
                append({d.physicalFirst[static_cast<size_t>(index)]});
                return {};
            });
            if (!s) return s;
        }
        return {};
    }

    // E:DOMAIN[:COUNT[:CHUNK:STRIDE]] in likwid's semantics: walk the domain
    // (in domain order, not physical-cores-first), take CHUNK CPUs in a row,
    // move the start on by STRIDE, go back to the start of the domain when
    // running past its end, until COUNT CPUs are taken.
    Status expression(const std::string& text) {
        const auto fields = split(text, ':', true);
        if (fields.size() != 2 && fields.size() != 3 && fields.size() != 5) {
            return parser_.error("'" + text + "' is not an expression; write E:DOMAIN, E:DOMAIN:COUNT or "
                                 "E:DOMAIN:COUNT:CHUNK:STRIDE, e.g. E:S0:4:1:2");
        }
        auto domain = find(trim(fields[1]));
        if (!domain) return domain.error();
        const AffinityDomain& d = **domain;
        const size_t n = d.cpus.size();
        size_t count = n, chunk = 1, stride = 1;
        const char* names[] = {"", "", "COUNT", "CHUNK", "STRIDE"};
        size_t* targets[] = {nullptr, nullptr, &count, &chunk, &stride};
        for (size_t i = 2; i < fields.size(); ++i) {
            auto v = parseUnsigned(trim(fields[i]));
            if (!v || *v == 0 || *v > INT_MAX) {
                return parser_.error(std::string(names[i]) + " '" + fields[i] + "' in '" + text +
                                     "' must be a whole number of at least 1");
            }
            *targets[i] = static_cast<size_t>(*v);
        }
        std::vector<int> taken;
        for (size_t offset = 0; taken.size() < count;) {
            for (size_t j = 0; j < chunk && offset + j < n && taken.size() < count; ++j) taken.push_back(d.cpus[offset + j]);
            offset += stride;
            if (offset >= n) offset = 0;
            // Each round takes at least one CPU; once more CPUs were taken than
            // exist, a repeat is certain, so stop and report it below.
            if (taken.size() > n) break;
        }
        for (size_t i = 0; i < taken.size(); ++i) {
            if (std::find(taken.begin(), taken.begin() + static_cast<long>(i), taken[i]) == taken.begin() + static_cast<long>(i))
                continue;
            const std::string why = stride < chunk
                ? "its chunks of " + std::to_string(chunk) + " overlap because STRIDE " + std::to_string(stride) +
                      " is smaller than CHUNK"
                : "it runs past the end of domain " + d.tag + " (" + std::to_string(n) +
                      " hardware threads) and starts over";
            return parser_.error("'" + text + "' selects CPU " + std::to_string(taken[i]) + " twice: " + why +
                                 "; it can select at most " + std::to_string(i) + " different CPUs, so ask for at most " +
                                 std::to_string(i) + " or change CHUNK/STRIDE");
        }
        append(taken);
        return {};
    }

    Result<const AffinityDomain*> find(const std::string& tag) const {
        for (const auto& d : domains_)
            if (d.tag == tag) return &d;
        std::vector<std::string> tags;
        for (const auto& d : domains_) tags.push_back(d.tag);
        return parser_.error("there is no affinity domain '" + tag + "' on this machine; the domains here are " +
                             join(tags, ", ") + " (N: machine, S: socket, D: die, C: last-level cache, M: NUMA node)");
    }

    // The same CPU named twice (0,0-2 or S0@N) counts once, where it first appears.
    void append(const std::vector<int>& cpus) {
        for (int cpu : cpus)
            if (std::find(cpus_.begin(), cpus_.end(), cpu) == cpus_.end()) cpus_.push_back(cpu);
    }

    ListParser parser_;
    const Topology& topology_;
    std::vector<AffinityDomain> domains_;
    std::vector<int> cpus_;
};

} // namespace

// The syntax, with the synthetic two-socket machine of the tests as the
// example (2 sockets x 4 cores x 2 SMT threads; CPU n and n+8 share a core):
//
//   0,2-4        OS CPU numbers (perf's and taskset's form); 0x hex numbers too.
//   S0 N M1 ...  a whole affinity domain, in domain order:
//                S0 = 0,8,1,9,2,10,3,11
//   S0:0-3       logical indices inside a domain. likwid orders a domain for
//                this "physical cores first": the first hardware thread of
//                every core, then the second ones: S0 -> 0,1,2,3,8,9,10,11,
//                so S0:0-3 = 0,1,2,3 and S1:4-5 = 12,13. N:0-7 = the first
//                thread of all eight cores.
//   L:0-3        the same, in domain N; L:S1:0-1 names the domain explicitly.
//   E:S0:4:1:2   an expression E:DOMAIN:COUNT:CHUNK:STRIDE over the domain
//                order (not physical-first): take CHUNK CPUs in a row, move
//                STRIDE on, COUNT in all. E:S0:4:1:2 = 0,1,2,3 (one thread
//                per core); E:N:8 = E:N:8:1:1 = 0,8,1,9,2,10,3,11; E:N alone
//                = all of N. Wrapping past the domain's end would pick a CPU
//                twice (likwid oversubscribes); here that is an error.
//   A@B          parts joined with '@', in order: S0:0-1@S1:0-1 = 0,1,4,5.
//
// A range may run downwards (3-0). A CPU named twice is kept once, where it
// first appears. Errors name the input and say how to fix it.
Result<std::vector<int>> parseCpuList(std::string_view text, const Topology& topology) {
    const std::string whole = trim(text);
    if (whole.empty()) {
        return makeError("the CPU list is empty; give CPU numbers such as '0,2-4' or an affinity domain "
                         "expression such as 'S0:0-3' or 'N'");
    }
    CpuListResolver resolver(whole, topology);
    for (const auto& part : split(whole, '@', true))
        if (auto s = resolver.part(trim(part)); !s) return s.error();
    return std::move(resolver).result();
}

std::string formatCpuList(const std::vector<int>& cpus) {
    std::string out;
    for (size_t i = 0; i < cpus.size();) {
        size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        if (!out.empty()) out += ',';
        out += std::to_string(cpus[i]);
        if (j > i) out += "-" + std::to_string(cpus[j]);
        i = j + 1;
    }
    return out;
}

Result<std::vector<int>> parseKernelCpuList(std::string_view text) {
    const std::string whole = trim(text);
    std::vector<int> out;
    if (whole.empty()) return out;
    ListParser parser(whole);
    auto entries = parser.entries(whole, "a CPU number");
    if (!entries) return entries.error();
    for (const auto& e : *entries) {
        // The kernel never writes more CPUs than it supports (a few thousand);
        // anything larger is not a kernel list.
        if (e.last < e.first || e.last - e.first > (1 << 16)) return parser.error("is not a list the kernel writes");
        (void)e.forEach([&](int cpu) -> Status {
            out.push_back(cpu);
            return {};
        });
    }
    return out;
}

} // namespace perfdash
