#include "core/result/CountSum.h"

#include <algorithm>

namespace perfdash {

void CountSum::addCoverage(double coverage, double weight) {
    if (!isAvailable(coverage)) return;
    lowestCoverage_ = isAvailable(lowestCoverage_) ? std::min(lowestCoverage_, coverage) : coverage;
    if (!isAvailable(weight) || weight <= 0) return;
    coveredWeight_ += coverage * weight;
    knownWeight_ += weight;
}

void CountSum::add(const CountValue& part, double weight) {
    ++parts_;
    addCoverage(part.coverage, weight);
    if (!isAvailable(part.value)) return;
    value_ = isAvailable(value_) ? value_ + part.value : part.value;
    ++complete_;
}

void CountSum::add(const CountSum& part) {
    ++parts_;
    addCoverage(part.meanCoverage(), 1.0);
    if (!isAvailable(part.value_)) return;
    value_ = isAvailable(value_) ? value_ + part.value_ : part.value_;
    if (part.isComplete()) ++complete_;
}

void CountSum::add(const CountValue& total, const std::optional<PartialSum>& partial, double weight) {
    ++parts_;
    addCoverage(total.coverage, weight);
    const double known = isAvailable(total.value) ? total.value : partial ? partial->value : kNotAvailable;
    if (!isAvailable(known)) return;
    value_ = isAvailable(value_) ? value_ + known : known;
    if (isAvailable(total.value)) ++complete_;
}

CountValue CountSum::total() const { return {isComplete() ? value_ : kNotAvailable, lowestCoverage_}; }

std::optional<PartialSum> CountSum::partial() const {
    if (isComplete() || !isAvailable(value_)) return std::nullopt;
    return PartialSum{value_, complete_, parts_};
}

double CountSum::meanCoverage() const { return knownWeight_ > 0 ? coveredWeight_ / knownWeight_ : lowestCoverage_; }

CountSum sumOverLocations(const EventResult& event, size_t from, size_t to) {
    CountSum sum;
    for (size_t l = from; l < std::min(to, event.perLocation.size()); ++l)
        if (!event.heldElsewhere.at(l)) sum.add(event.perLocation[l]);
    return sum;
}

LocationStatistics locationStatistics(const std::vector<CountValue>& values, const HeldElsewhere& held) {
    LocationStatistics s;
    CountSum sum;
    for (size_t l = 0; l < values.size(); ++l) {
        if (held.at(l)) continue;
        ++s.of;
        const CountValue& c = values[l];
        sum.add(c);
        if (!isAvailable(c.value)) continue;
        s.min = s.over ? std::min(s.min, c.value) : c.value;
        s.max = s.over ? std::max(s.max, c.value) : c.value;
        ++s.over;
    }
    s.sum = sum.total();
    s.partial = sum.partial();
    if (s.over) s.mean = sum.knownValue() / static_cast<double>(s.over);
    return s;
}

} // namespace perfdash
