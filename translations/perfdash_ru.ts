<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>SetupFormState</name>
    <message>
        <source>Working directory &apos;%1&apos; does not exist; choose an existing directory or leave the field empty to run the program in perfdash&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment line &apos;%1&apos; is not NAME=value; write one variable per line, e.g. OMP_NUM_THREADS=4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the program to run (Browse…), or attach to a running process, or count whole CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the CPUs to pin the program to, or turn pinning off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the process to attach to (type in the filter to find it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the CPUs to count: click them or type a list such as 0-3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one performance group, or enter events below</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::AppOptions</name>
    <message>
        <source>%1 needs a value (see perfdash --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-- must be followed by the program to measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval &apos;%1&apos; is not a number of milliseconds: write e.g. --interval 100 (0: totals only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration &apos;%1&apos; is not a number of seconds: write e.g. --duration 5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (see perfdash --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only one session file can be opened, got &apos;%1&apos; and &apos;%2&apos;; to measure a program, put it after --: perfdash -- %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a session file to open: it cannot be combined with options that set up a new session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session file &apos;%1&apos; does not exist; give the path of a saved session (.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo starts the default demo session: leave out the options that set up another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: perfdash [FILE]
       perfdash [--group G]... [--events E,...] [--cpu LIST] [--interval MS] [--duration S]
                [--start] [-- PROGRAM ARGS...]
       perfdash --demo

  FILE               open a saved session and replay it
  -g, --group G      measure performance group G (repeat or comma-separate for several)
  -e, --events E,... measure these events (perf, sysfs PMU, tracepoint or libpfm4 names)
  -C, --cpu LIST     pin the program to these CPUs (likwid syntax: 0,2-4  S0:0-3  N:0-7)
  -t, --interval MS  timeline interval in milliseconds (0: totals only)
  -S, --duration S   stop after S seconds
  --start            start measuring at once
  --demo             measure the built-in demo workload with the SOFTWARE group
  --lang CODE        user interface language for this run (en, zh_CN, ru)
  -h, --help         show this help
  --version          show the version
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilitiesPage</name>
    <message>
        <source>Capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it means</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What perfdash can count on this machine, why not, and the commands that would enable more. Events that cannot be counted are marked in the session plan before a run starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not on this CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilityBanner</name>
    <message>
        <source>No hardware counters here: cycles, instructions and cache events cannot be counted; software events and tracepoints can. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What can be counted here…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::CpuPicker</name>
    <message>
        <source>e.g. 0-3, S0:0-3, N:0-7, E:S0:4:1:2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU list in likwid syntax: CPU numbers and ranges (0,2-4), affinity domains (S0:0-3 socket, D0: die, C0: last-level cache, M0: NUMA domain, N: the whole machine), L: logical numbering, E: expressions; join lists with @</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU &amp;list:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select every online CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU lists cannot be checked: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection unchanged until the list is valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected CPUs: none of %1 online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected CPUs: %1 of %2 online</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::CpuTopologyView</name>
    <message>
        <source>CPU topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys move between CPUs, Space toggles one, Ctrl+A selects all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline CPUs (cannot be selected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Socket %1 · cores: %2 · hardware threads: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1 is offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1: socket %2, core %3, hardware thread %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, NUMA node %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::CustomEventSetModel</name>
    <message>
        <source>Slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::EventBrowser</name>
    <message>
        <source>PMU model not present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to &amp;custom set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add to session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds the selected events to the session (also: double-click, Return, or drag them onto the setup page).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking availability… %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to custom set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy event names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name or description (Ctrl+F); several words must all match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countable &amp;here only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows only the events this machine can count; events appear as they are checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom event set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop events here or use &quot;Add to custom set&quot;. Double-click a slot name to rename it; METRICS formulas use these names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add set to sess&amp;ion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sa&amp;ve as group…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All PMUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, present)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 of %L2 events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::EventDetailsView</name>
    <message>
        <source>dynamic type of a kernel PMU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an event to see its description, encoding, unit masks and availability.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 event, PMU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Availability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking whether it can be counted here…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countable on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countable with restrictions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not countable here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hypervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excludes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precise_ip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (counts system-wide only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after the closing &apos;/&apos; (%1u)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after a &apos;:&apos; (%1:u)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modifiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perf modifiers go %1: u user space, k kernel, h hypervisor, G guest, H host, I exclude idle, p/pp/ppp precise. Naming any of u, k, h counts only the named levels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit masks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos; (%1:UMASK).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos;, a flag as NAME or NAME=1, a value as NAME=VALUE (%1:%2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::EventTableModel</name>
    <message>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Software</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracepoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel PMU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libpfm4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>countable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not probed yet: perfdash is checking which events can be counted here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can be counted on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Availability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loongson 2E/2F</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::GroupDetails</name>
    <message>
        <source>Group details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meaningful only with SMT (hyper-threading) off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a group to see its events, formulas and description.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::GroupListModel</name>
    <message>
        <source>(cannot be used: see tooltip)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::Language</name>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::MainWindow</name>
    <message>
        <source>perfdash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved group %1 to %2: it is now in the session&apos;s group list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program &amp;output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What can be counted &amp;here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About perfdash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement finished after %1 s; the program&apos;s exit status was %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement finished after %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language is used from the next start of perfdash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About perfdash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;perfdash %1&lt;/h3&gt;&lt;p&gt;CPU performance counters on Linux: perf_event grouped reads, likwid-format performance groups and metrics, live timelines.&lt;/p&gt;&lt;p&gt;The command-line front end is &lt;tt&gt;perfdash-cli&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A measurement is running. Stop it and quit? A launched program is terminated.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::MeasureSection</name>
    <message>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Performance groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the groups to measure; select one to see its events and formulas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. page-faults,sched:sched_switch,cpu/event=0x3c/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events measured together as one set, besides the groups: perf names, pmu/…/ terms, tracepoints and libpfm4 names, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>totals only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the counters are read for the timeline; &quot;totals only&quot; reads them at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until it ends or Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this long (a launched program is then terminated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter&amp;val:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dura&amp;tion:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved groups no longer available here, left out: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::PlanModel</name>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of the group that will be counted here: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>will be counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, written as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why not</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::PlanPreview</name>
    <message>
        <source>&lt;b&gt;What will be counted&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countable here: all events (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Countable here: %1 of %2 events. Start counts those and leaves the others out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the target first to start (see its messages).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete the form to see what will be counted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessListModel</name>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessPicker</name>
    <message>
        <source>&amp;Kernel threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by PID, user or command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the kernel&apos;s own threads too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the process list again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach to process %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes shown: %1. Select the one to attach to.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::SaveGroupDialog</name>
    <message>
        <source>Save event set as a performance group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. MY_CACHE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events chosen in the event browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional, one per line: a name, then the formula as one word over the slot names, e.g.
Load misses per second  DTLB_LOAD_MISSES/time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional: what the group measures and how to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Short description:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Metrics:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Long description:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace group file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists. Replace it with this event set?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the group: letters, digits, &apos;_&apos; and &apos;-&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a short description (the SHORT line).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be saved as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the group file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1 already exists. Choose another name or confirm replacing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::SessionActions</name>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start measuring what the form describes (uncountable events are left out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause counting (the program keeps running); again to resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the measurement; a launched program still running is terminated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::SessionLog</name>
    <message>
        <source>C&amp;lear Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program&apos;s output appears here when a measurement runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove everything from the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started %1 (PID %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attached to process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting CPUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement interrupted (stopped before the end) %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement finished %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program terminated by signal %1 (%2): exit status %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program exited with status %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::SetupPage</name>
    <message>
        <source>P&amp;in the program to CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs to co&amp;unt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the measurement</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfdash::TargetSection</name>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a program and count it from its first instruction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running pro&amp;cess</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach to a process that is already running and count all its threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Whole CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count everything that runs on the chosen CPUs (system-wide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>program name or path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program to run: a path, or a name looked up in PATH; recent programs in the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arguments, e.g. --size 1000 &quot;input file.dat&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split at spaces like a shell does; quote an argument that contains spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perfdash&apos;s own directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME=value, one per line (added to perfdash&apos;s environment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pro&amp;gram:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counts everything that runs on the CPUs chosen below (all processes and the kernel), until you stop or for the duration set under Measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program to measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
