#pragma once
// The CSV form of a report (-O): one value per row, "long" or "tidy" data
// that spreadsheets and pandas pivot as they like. Columns:
//   schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason
// kind is event | metric (whole run) or interval_event | interval_metric;
// location is "cpu3", "thread1234", "process1234" or "total" (events: the
// sum over locations, metrics: the formula on the summed counts).
// A value that is not available is an empty field. A marker run (stat -m)
// adds a last column, region, and after the whole run's rows, per region:
// region_info rows (time, calls per thread), region_event and region_metric
// rows (per thread and total). See docs/report-schema.md.
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

std::string formatReportCsv(const MeasurementResult& result);

// "cpu3", "thread1234": the location column of the CSV.
std::string csvLocationName(const LocationInfo& location);

} // namespace perfdash
