#!/usr/bin/env python3
"""Regenerates perfdash's Intel core event tables from Intel's perfmon data.

Usage: import.py PERFMON_CHECKOUT [COMMIT]
PERFMON_CHECKOUT is a clone of https://github.com/intel/perfmon (BSD-3-Clause,
see LICENSE next to this script). Writes one <TABLE>.json per core event file
listed in MODELS, in the format of resources/events/README.md, keeping only
what the encoding needs (no descriptions, no sampling or PEBS fields).
"""
import json
import os
import sys

# Table name -> perfmon core event file. The names are perfmon's directory
# names; the hybrid parts get a suffix for their core type.
MODELS = {
    "NHM-EP": "NHM-EP/events/NehalemEP_core.json",
    "NHM-EX": "NHM-EX/events/NehalemEX_core.json",
    "WSM-EP-SP": "WSM-EP-SP/events/WestmereEP-SP_core.json",
    "WSM-EP-DP": "WSM-EP-DP/events/WestmereEP-DP_core.json",
    "WSM-EX": "WSM-EX/events/WestmereEX_core.json",
    "SNB": "SNB/events/sandybridge_core.json",
    "JKT": "JKT/events/Jaketown_core.json",
    "IVB": "IVB/events/ivybridge_core.json",
    "IVT": "IVT/events/ivytown_core.json",
    "HSW": "HSW/events/haswell_core.json",
    "HSX": "HSX/events/haswellx_core.json",
    "BDW": "BDW/events/broadwell_core.json",
    "BDX": "BDX/events/broadwellx_core.json",
    "BDW-DE": "BDW-DE/events/broadwellde_core.json",
    "SKL": "SKL/events/skylake_core.json",
    "SKX": "SKX/events/skylakex_core.json",
    "CLX": "CLX/events/cascadelakex_core.json",
    "ICL": "ICL/events/icelake_core.json",
    "ICX": "ICX/events/icelakex_core.json",
    "TGL": "TGL/events/tigerlake_core.json",
    "RKL": "RKL/events/rocketlake_core.json",
    "SPR": "SPR/events/sapphirerapids_core.json",
    "EMR": "EMR/events/emeraldrapids_core.json",
    "GNR": "GNR/events/graniterapids_core.json",
    "SRF": "SRF/events/sierraforest_core.json",
    "ADL-core": "ADL/events/alderlake_goldencove_core.json",
    "ADL-atom": "ADL/events/alderlake_gracemont_core.json",
    "BNL": "BNL/events/bonnell_core.json",
    "SLM": "SLM/events/Silvermont_core.json",
    "GLM": "GLM/events/goldmont_core.json",
    "KNL": "KNL/events/knightslanding_core.json",
}

# perfmon writes the fixed-counter-only events with a placeholder code: newer
# files event 0x00 with the counter's number + 1 as unit mask ("Fixed counter
# 0"), older ones (Nehalem, Westmere, Bonnell) 0x00 or 0x0A with the counter
# numbered from 1 ("Fixed counter 1"). The kernel selects those counters by
# these encodings instead: 0xc0 (instructions), 0x3c (core cycles), and its
# pseudo-events 0x0300 (reference cycles) and 0x0400 (top-down slots).
FIXED = [(0xC0, 0x00), (0x3C, 0x00), (0x00, 0x03), (0x00, 0x04)]


def fixed_counter(event, code, umask):
    counter = event.get("Counter", "")
    if not counter.lower().startswith("fixed counter"):
        return None
    if code == 0 and 1 <= umask <= len(FIXED):
        return umask - 1
    return int(counter.split()[-1]) - 1


def number(text):
    text = str(text).strip()
    if not text or text.lower() in ("null", "na"):
        return 0
    return int(text, 16) if text.lower().startswith("0x") else int(text)


def trim(event):
    # An offcore-response event lists the codes (and on Goldmont the unit
    # masks) of its two MSR pairs; the first pair is the one perfdash opens.
    code = number(event["EventCode"].split(",")[0])
    umask = number(str(event.get("UMask", "0")).split(",")[0])
    out = {"name": event["EventName"]}
    fixed = fixed_counter(event, code, umask)
    if fixed is not None:
        out["fixed"] = fixed
        code, umask = FIXED[fixed]
    out["event"] = hex(code)
    out["umask"] = hex(umask)
    for key, field in (("cmask", "CounterMask"), ("inv", "Invert"), ("edge", "EdgeDetect"), ("any", "AnyThread")):
        value = number(event.get(field, "0"))
        if value:
            out[key] = value
    msr_value = number(str(event.get("MSRValue", "0")).split(",")[0])
    if msr_value:
        # Offcore response (MSR 0x1a6/0x1a7), load latency (0x3f6) and front-end
        # (0x3f7) qualifiers: the kernel takes all three in config1.
        out["config1"] = hex(msr_value)
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    checkout = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "unknown commit"
    here = os.path.dirname(os.path.abspath(__file__))
    for table, path in MODELS.items():
        with open(os.path.join(checkout, path)) as f:
            doc = json.load(f)
        version = doc.get("Header", {}).get("Version", "?")
        # KNL's core file also lists uncore clocks (UNC_*): not core events.
        events = [trim(e) for e in doc["Events"] if not e["EventName"].startswith("UNC_")]
        out = {
            "schema": 1,
            "table": "intel/" + table,
            "arch": "x86",
            "source": "Intel perfmon %s version %s (github.com/intel/perfmon, %s); BSD-3-Clause, see LICENSE"
            % (path, version, commit),
            "events": events,
        }
        with open(os.path.join(here, table + ".json"), "w") as f:
            f.write('{"schema": 1,\n "table": %s,\n "arch": "x86",\n "source": %s,\n "events": [\n'
                    % (json.dumps(out["table"]), json.dumps(out["source"])))
            f.write(",\n".join("  " + json.dumps(e) for e in events))
            f.write("\n]}\n")


if __name__ == "__main__":
    main()
