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

CountValue CountSum::total() const { return {isComplete() ? value_ : kNotAvailable, lowestCoverage_}; }

std::optional<PartialSum> CountSum::partial() const {
    if (isComplete() || !isAvailable(value_)) return std::nullopt;
    return PartialSum{value_, complete_, parts_};
}

double CountSum::meanCoverage() const { return knownWeight_ > 0 ? coveredWeight_ / knownWeight_ : lowestCoverage_; }

} // namespace perfdash
