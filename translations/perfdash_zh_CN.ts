<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ProbeFormat</name>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <extracomment>a relative deviation from a reference value, e.g. &quot;+12 %&quot;</extracomment>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>%1 GHz</source>
        <translation>%1 GHz</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>JSON report (*.json)</source>
        <translation>JSON 报告 (*.json)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Text report (*.txt)</source>
        <translation>文本报告 (*.txt)</translation>
    </message>
    <message>
        <source>HTML report (*.html *.htm)</source>
        <translation>HTML 报告 (*.html *.htm)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>SessionLoader</name>
    <message>
        <source>perfdash sessions (*.json)</source>
        <translation>perfdash 会话 (*.json)</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Replay: %1</source>
        <translation>回放：%1</translation>
    </message>
    <message>
        <source>, recorded %1</source>
        <translation>，录制于 %1</translation>
    </message>
    <message>
        <source> (incomplete: the session never finished)</source>
        <translation> (不完整：会话从未结束)</translation>
    </message>
    <message>
        <source>perfdash sessions and perf.data files (*.json *.data perf.data*)</source>
        <translation>perfdash 会话和 perf.data 文件 (*.json *.data perf.data*)</translation>
    </message>
    <message>
        <source>perf record files (*.data perf.data*)</source>
        <translation>perf record 文件 (*.data perf.data*)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>SetupFormState</name>
    <message>
        <source>Working directory &apos;%1&apos; does not exist; choose an existing directory or leave the field empty to run the program in perfdash&apos;s own</source>
        <translation>工作目录“%1”不存在；请选择已存在的目录，或将此栏留空以在 perfdash 自身的目录中运行程序</translation>
    </message>
    <message>
        <source>Environment line &apos;%1&apos; is not NAME=value; write one variable per line, e.g. OMP_NUM_THREADS=4</source>
        <translation>环境变量行“%1”不是 NAME=value 格式；每行写一个变量，例如 OMP_NUM_THREADS=4</translation>
    </message>
    <message>
        <source>Choose the program to run (Browse…), or attach to a running process, or count whole CPUs</source>
        <translation>请选择要运行的程序（浏览…），或附加到正在运行的进程，或对整个 CPU 计数</translation>
    </message>
    <message>
        <source>Choose the CPUs to pin the program to, or turn pinning off</source>
        <translation>请选择要绑定程序的 CPU，或关闭绑定</translation>
    </message>
    <message>
        <source>Select the process to attach to (type in the filter to find it)</source>
        <translation>请选择要附加的进程（在筛选框中输入以查找）</translation>
    </message>
    <message>
        <source>Choose the CPUs to count: click them or type a list such as 0-3</source>
        <translation>请选择要计数的 CPU：点击选择，或输入列表，例如 0-3</translation>
    </message>
    <message>
        <source>Choose at least one performance group, or enter events below</source>
        <translation>请至少选择一个性能组，或在下方输入事件</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs, not the threads of one process: choose perf to attach, or count the CPUs the process runs on (Whole CPUs)</source>
        <translation>%1 后端对整个 CPU 计数，而不是单个进程的线程：请选择 perf 以附加到进程，或对该进程运行所在的 CPU 计数（整个 CPU）</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs: pin the program to the CPUs to count, or choose perf to count just the program</source>
        <translation>%1 后端对整个 CPU 计数：请将程序绑定到要计数的 CPU，或选择 perf 仅对该程序计数</translation>
    </message>
    <message>
        <source>Marker regions are counted through perf inside the program, which the %1 backend cannot share the counters with: choose perf, or turn marker regions off</source>
        <translation>标记区域是在程序内部通过 perf 计数的，%1 后端无法与其共用计数器：请选择 perf，或关闭标记区域</translation>
    </message>
    <message>
        <source>Sampling goes through perf, which the %1 backend does not use: choose perf, or turn sampling off</source>
        <translation>采样通过 perf 进行，而 %1 后端不使用 perf：请选择 perf，或关闭采样</translation>
    </message>
</context>
<context>
    <name>TimelineData</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>coverage: n/a (not counted)</source>
        <translation>覆盖率：无（未计数）</translation>
    </message>
    <message>
        <source>coverage: %1 (multiplexed: scaled up from the time it was counted)</source>
        <translation>覆盖率：%1（多路复用：已按实际计数时间按比例放大）</translation>
    </message>
    <message>
        <source>coverage: %1</source>
        <translation>覆盖率：%1</translation>
    </message>
    <message>
        <source>t = %1 s (interval of %2 s)</source>
        <translation>t = %1 秒（间隔 %2 秒）</translation>
    </message>
    <message>
        <source>an input of the formula has no value here, or it divided by zero</source>
        <translation>公式的某个输入在此没有值，或发生了除以零</translation>
    </message>
    <message>
        <source>not every location has a value, so the total is not known</source>
        <translation>并非每个位置都有值，因此总计未知</translation>
    </message>
    <message>
        <source>coverage: %1 (no value: %2)</source>
        <translation>覆盖率：%1（无值：%2）</translation>
    </message>
    <message numerus="yes">
        <source>the mean of %n interval(s): older intervals are kept as means here (the saved session has each one)</source>
        <translation>
            <numerusform>%n 个区间的平均值：较早的区间在此以平均值保存（保存的会话包含每一个）</numerusform>
        </translation>
    </message>
    <message>
        <source>not every location has a reading, so the average is not known</source>
        <translation>并非每个位置都有读数，因此平均值未知</translation>
    </message>
</context>
<context>
    <name>ValueText</name>
    <message>
        <source>see CPU %1</source>
        <translation>见 CPU %1</translation>
    </message>
    <message>
        <source>Counted on CPU %1: this comes from a unit of the package (RAPL, uncore), which is read once per package, die or L3 cache. CPU %1&apos;s value holds this CPU&apos;s, and the sum holds each unit once.</source>
        <translation>在 CPU %1 上计数：该值来自处理器封装的单元（RAPL、uncore），每个封装、晶片或 L3 缓存只读取一次。CPU %1 的值包含此 CPU 的值，总和中每个单元只计一次。</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentInfo</name>
    <message>
        <source>its info (GET /api/v1/info) failed: %1</source>
        <translation>获取其信息（GET /api/v1/info）失败：%1</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>处理器</translation>
    </message>
    <message>
        <source> (uncertain)</source>
        <translation>（不确定）</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>%1 socket(s), %2 core(s), %3 hardware thread(s), %4 NUMA domain(s)</source>
        <translation>%1 个插槽，%2 个核心，%3 个硬件线程，%4 个 NUMA 域</translation>
    </message>
    <message>
        <source>not known: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>perf_event_paranoid</source>
        <translation>perf_event_paranoid</translation>
    </message>
    <message>
        <source>Counts on</source>
        <translation>计数于</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Counting since</source>
        <translation>计数开始于</translation>
    </message>
    <message>
        <source>What it counts</source>
        <translation>它计数的内容</translation>
    </message>
    <message>
        <source>&lt;i&gt;%1: not counted, %2&lt;/i&gt;</source>
        <translation>&lt;i&gt;%1：未计数，%2&lt;/i&gt;</translation>
    </message>
    <message>
        <source>What it can count</source>
        <translation>它能计数的内容</translation>
    </message>
    <message>
        <source>Counts with</source>
        <translation>计数方式</translation>
    </message>
    <message>
        <source>the %1 backend</source>
        <translation>%1 后端</translation>
    </message>
    <message>
        <source>its info (GET /api/v1/info) is not a JSON object</source>
        <translation>其信息（GET /api/v1/info）不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentProfile</name>
    <message>
        <source>it is taking another profile (503): it takes one at a time</source>
        <translation>它正在采集另一个剖析 (503)：一次只采集一个</translation>
    </message>
    <message>
        <source>try again in a moment</source>
        <translation>请稍后再试</translation>
    </message>
    <message>
        <source>try again in %1 s</source>
        <translation>请在 %1 秒后再试</translation>
    </message>
    <message>
        <source>its profile (GET /api/v1/profile) failed: %1</source>
        <translation>其剖析 (GET /api/v1/profile) 失败：%1</translation>
    </message>
    <message>
        <source>its profile cannot be read: %1</source>
        <translation>无法读取其剖析：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentStream</name>
    <message>
        <source>more than 64 MiB came without a line break</source>
        <translation>收到了超过 64 MiB 的数据却没有换行</translation>
    </message>
    <message>
        <source>check that the host&apos;s address on the Hosts page is a perfdash agent&apos;s (perfdash-cli serve)</source>
        <translation>请检查“主机”页面上该主机的地址是否为 perfdash 代理（perfdash-cli serve）的地址</translation>
    </message>
    <message>
        <source>check the host&apos;s address on the Hosts page and that its agent (perfdash-cli serve) runs there</source>
        <translation>请在“主机”页面检查该主机的地址，并确认其代理（perfdash-cli serve）正在那里运行</translation>
    </message>
    <message>
        <source>the token was refused (401)</source>
        <translation>令牌被拒绝（401）</translation>
    </message>
    <message>
        <source>check the host&apos;s token on the Hosts page</source>
        <translation>请在“主机”页面检查该主机的令牌</translation>
    </message>
    <message>
        <source>it serves as many clients as it allows (503)</source>
        <translation>它已达到允许的客户端数（503）</translation>
    </message>
    <message>
        <source>wait until one of its other clients is done</source>
        <translation>请等待其另一个客户端结束</translation>
    </message>
    <message>
        <source>it answered %1: %2</source>
        <translation>它的应答为 %1：%2</translation>
    </message>
    <message>
        <source>the agent stopped</source>
        <translation>代理已停止</translation>
    </message>
</context>
<context>
    <name>perfdash::AppOptions</name>
    <message>
        <source>%1 needs a value (see perfdash --help)</source>
        <translation>%1 需要一个值（参见 perfdash --help）</translation>
    </message>
    <message>
        <source>-- must be followed by the program to measure</source>
        <translation>-- 之后必须跟要测量的程序</translation>
    </message>
    <message>
        <source>--interval &apos;%1&apos; is not a number of milliseconds: write e.g. --interval 100 (0: totals only)</source>
        <translation>--interval “%1” 不是毫秒数：请写成例如 --interval 100（0：仅总计）</translation>
    </message>
    <message>
        <source>--duration &apos;%1&apos; is not a number of seconds: write e.g. --duration 5</source>
        <translation>--duration “%1” 不是秒数：请写成例如 --duration 5</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (see perfdash --help)</source>
        <translation>未知选项“%1”（参见 perfdash --help）</translation>
    </message>
    <message>
        <source>only one session file can be opened, got &apos;%1&apos; and &apos;%2&apos;; to measure a program, put it after --: perfdash -- %2</source>
        <translation>只能打开一个会话文件，但收到了“%1”和“%2”；要测量程序，请将其放在 -- 之后：perfdash -- %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a session file to open: it cannot be combined with options that set up a new session</source>
        <translation>“%1”是要打开的会话文件：不能与设置新会话的选项一起使用</translation>
    </message>
    <message>
        <source>session file &apos;%1&apos; does not exist; give the path of a saved session (.json)</source>
        <translation>会话文件“%1”不存在；请给出已保存会话（.json）的路径</translation>
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
        <translation>用法： perfdash [FILE]
       perfdash [--group G]... [--events E,...] [--cpu LIST] [--interval MS] [--duration S]
                [--start] [-- PROGRAM ARGS...]
       perfdash --demo

  FILE               打开已保存的会话并回放
  -g, --group G      测量性能组 G（可重复或用逗号分隔以指定多个）
  -e, --events E,... 测量这些事件（perf、sysfs PMU、跟踪点或 libpfm4 名称）
  -C, --cpu LIST     将程序绑定到这些 CPU（likwid 语法：0,2-4  S0:0-3  N:0-7）
  -t, --interval MS  时间线间隔，单位毫秒（0：仅总计）
  -S, --duration S   S 秒后停止
  --start            立即开始测量
  --demo             用 SOFTWARE 性能组测量内置演示负载
  --lang CODE        本次运行的界面语言（en、zh_CN、ru）
  -h, --help         显示此帮助
  --version          显示版本
</translation>
    </message>
    <message>
        <source>--demo starts the default demo measurement: leave out the options that set up another</source>
        <translation>--demo 启动默认演示测量：请去掉设置其他测量的选项</translation>
    </message>
</context>
<context>
    <name>perfdash::BackendListModel</name>
    <message>
        <source>Not available here: %1</source>
        <translation>本机不可用：%1</translation>
    </message>
    <message>
        <source>To make it available: %1</source>
        <translation>启用方法：%1</translation>
    </message>
    <message>
        <source>%1 (not available)</source>
        <translation>%1（不可用）</translation>
    </message>
</context>
<context>
    <name>perfdash::BackendPicker</name>
    <message>
        <source>Counting backend</source>
        <translation>计数后端</translation>
    </message>
    <message>
        <source>none can count here</source>
        <translation>本机没有可用的计数后端</translation>
    </message>
    <message>
        <source>counting with %1</source>
        <translation>使用 %1 计数</translation>
    </message>
    <message>
        <source>The %1 backend is not available here, %2. %3</source>
        <translation>%1 后端在本机不可用，%2。%3</translation>
    </message>
    <message>
        <source>There is no backend named &apos;%1&apos;, %2.</source>
        <translation>没有名为“%1”的后端，%2。</translation>
    </message>
    <message>
        <source>Counts whole CPUs: every process and the kernel running on the chosen CPUs, not only your program. A launched program is pinned to those CPUs; attaching to a process is not possible. No multiplexing: each group must fit the CPU&apos;s counters.</source>
        <translation>对整个 CPU 计数：所选 CPU 上运行的所有进程和内核，而不仅是您的程序。启动的程序会被绑定到这些 CPU；无法附加到进程。不使用多路复用：每个性能组都必须能放入 CPU 的计数器。</translation>
    </message>
    <message>
        <source>Counts the single CPU of a Loongson 2E/2F, including the kernel and every other process on it; one event on each of its two counters.</source>
        <translation>对 Loongson 2E/2F 的唯一 CPU 计数，包括内核及其上的所有其他进程；两个计数器上各计一个事件。</translation>
    </message>
    <message>
        <source>Counts only the target: the launched program, the attached process, or the chosen CPUs. More events than counters take turns (multiplexing); each count then says for how long it counted.</source>
        <translation>仅对目标计数：启动的程序、附加的进程或所选 CPU。事件多于计数器时轮流计数（多路复用）；此时每个计数值都会说明其计数时长。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>Fix: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>修复方法：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>Not available here: %1. &lt;a href=&quot;why&quot;&gt;Why?&lt;/a&gt;</source>
        <translation>此处不可用：%1。&lt;a href=&quot;why&quot;&gt;为什么？&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Counting backends not available here</source>
        <translation>此处不可用的计数后端</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchBarChart</name>
    <message>
        <source>Latency (cycles)</source>
        <translation>延迟（周期）</translation>
    </message>
    <message>
        <source>Reciprocal throughput (cycles per instruction)</source>
        <translation>倒数吞吐量（每条指令周期数）</translation>
    </message>
    <message>
        <source> (latency n/a)</source>
        <translation> (延迟不可用)</translation>
    </message>
    <message>
        <source> (throughput n/a)</source>
        <translation> (吞吐量不可用)</translation>
    </message>
    <message>
        <source>cycles, measured on this machine (fastest runs)</source>
        <translation>周期，在本机上测量（最快的运行）</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchCatalogModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>This CPU has every feature the entry needs.</source>
        <translation>此 CPU 具备该条目所需的全部特性。</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1（来自 %2）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Runs here</source>
        <translation>本机可运行</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchResultsModel</name>
    <message>
        <source>measured</source>
        <translation>已测量</translation>
    </message>
    <message>
        <source>not supported here</source>
        <translation>本机不支持</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>%1 has no row for %2 %3%4.</source>
        <translation>%1 中没有 %2 %3%4 的行。</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> (在 %1 上)</translation>
    </message>
    <message>
        <source>Reference values from %1 (not measured here):</source>
        <translation>来自 %1 的参考值（非本机测量）:</translation>
    </message>
    <message>
        <source>%1: latency %2, reciprocal throughput %3 (source: %4, line %5)</source>
        <translation>%1：延迟 %2，倒数吞吐量 %3（来源：%4，第 %5 行）</translation>
    </message>
    <message>
        <source>The columns show the first; choose a microarchitecture to narrow.</source>
        <translation>各列显示第一个；请选择微架构以缩小范围。</translation>
    </message>
    <message>
        <source>From the loaded reference table, not measured here.</source>
        <translation>来自已加载的参考表，非本机测量。</translation>
    </message>
    <message>
        <source>Instructions per cycle: 1 / reciprocal throughput.</source>
        <translation>每周期指令数：1 / 倒数吞吐量。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Ref. latency</source>
        <translation>参考延迟</translation>
    </message>
    <message>
        <source>Recip. TP</source>
        <translation>倒数吞吐量</translation>
    </message>
    <message>
        <source>Ref. TP</source>
        <translation>参考吞吐量</translation>
    </message>
    <message>
        <source>IPC</source>
        <translation>IPC</translation>
    </message>
    <message>
        <source>Reference source</source>
        <translation>参考来源</translation>
    </message>
    <message>
        <source>Measured on this machine: %1 cycles per instruction from the fastest runs (interference only adds time), %2 from the median runs; middle half %3–%4 over %5 repetitions.
Cycles from %6.</source>
        <translation>在本机上测量：按最快的运行为每条指令 %1 个周期（干扰只会增加时间），按中位数运行为 %2；中间一半为 %3–%4，共 %5 次重复。
周期来自 %6。</translation>
    </message>
    <message>
        <source>Core clock measured alongside: %1.</source>
        <translation>同时测得的核心时钟：%1。</translation>
    </message>
    <message>
        <source>1 / %1 cycles per instruction, measured on this machine.</source>
        <translation>1 / %1 个周期每条指令，在本机测得。</translation>
    </message>
    <message>
        <source>The fastest run did not repeat: the machine was busy; take the figure with care and run it again.</source>
        <translation>最快的运行没有重现：机器繁忙；请谨慎对待此数值并重新运行。</translation>
    </message>
    <message>
        <source>Latency in cycles: a chain of dependent copies, measured on this machine (fastest runs).</source>
        <translation>以周期计的延迟：一条相互依赖的副本链，在本机上测量（最快的运行）。</translation>
    </message>
    <message>
        <source>Reciprocal throughput in cycles per instruction: independent streams, measured on this machine (fastest runs).</source>
        <translation>以每条指令周期数计的倒数吞吐量：独立的指令流，在本机上测量（最快的运行）。</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 (%2) %3</source>
        <translation>%1 (%2) %3</translation>
    </message>
    <message>
        <source>No reference table loaded. Load one (our CSV: mnemonic, operands, latency, recip_throughput, microarchitecture, source; an InstLatx64 text file; uops.info&apos;s instructions.xml) to compare; perfdash ships no reference values.</source>
        <translation>未加载参考表。请加载一个（我们的 CSV：mnemonic, operands, latency, recip_throughput, microarchitecture, source；InstLatx64 文本文件；uops.info 的 instructions.xml）以进行比较；perfdash 不附带任何参考值。</translation>
    </message>
    <message>
        <source>The max-IPC probe&apos;s %1 plateau, measured in the same run: %2 per cycle.</source>
        <translation>最大 IPC 探测在同一次运行中测得的 %1 平台：每周期 %2。</translation>
    </message>
    <message>
        <source>Above that plateau by more than %1 %: beyond what the core was measured to issue; take the figure with care.</source>
        <translation>比该平台高出 %1 % 以上：超出了测得的内核发射能力；请谨慎对待该数值。</translation>
    </message>
    <message>
        <source>Measured − reference in cycles, relative in brackets, and the verdict: a latency agrees within max(0.15 cycles, 10 %), a reciprocal throughput within max(0.05 cycles, 15 %); red where it differs.</source>
        <translation>测量值 − 参考值（周期），括号内为相对值，以及判定：延迟在 max(0.15 周期, 10 %) 内一致，倒数吞吐量在 max(0.05 周期, 15 %) 内一致；不一致处显示为红色。</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
</context>
<context>
    <name>perfdash::BottomUpPanel</name>
    <message>
        <source>Bottom-up call tree</source>
        <translation>自底向上调用树</translation>
    </message>
    <message>
        <source>Summing the bottom-up tree…</source>
        <translation>正在汇总自底向上调用树…</translation>
    </message>
    <message>
        <source>The bottom-up tree cannot be summed: %1</source>
        <translation>无法汇总自底向上调用树：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::CallTreeModel</name>
    <message>
        <source>Only %1 samples: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>仅有 %1 个样本：少于 %2 个，样本太少，无法将其指标与噪声区分开</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1（样本太少，无法判断）</translation>
    </message>
    <message>
        <source>The selection&apos;s samples through this call path, ± one standard error</source>
        <translation>所选样本中经过此调用路径的样本，± 一个标准误差</translation>
    </message>
    <message>
        <source>The selection&apos;s samples that ended here, ± one standard error</source>
        <translation>所选样本中在此结束的样本，± 一个标准误差</translation>
    </message>
    <message>
        <source>%1 on the samples through this call path, ± its standard error</source>
        <translation>基于经过此调用路径的样本的 %1，± 其标准误差</translation>
    </message>
    <message>
        <source>Call path</source>
        <translation>调用路径</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>总计 %</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>自身 %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
</context>
<context>
    <name>perfdash::CallersCalleesPanel</name>
    <message>
        <source>Callers</source>
        <translation>调用者</translation>
    </message>
    <message>
        <source>Callees</source>
        <translation>被调用者</translation>
    </message>
    <message>
        <source>Callers: who called it, nearest first</source>
        <translation>调用者：谁调用了它，最近的在前</translation>
    </message>
    <message>
        <source>Callees: what it called</source>
        <translation>被调用者：它调用了什么</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its callers and callees.</source>
        <translation>在表格或火焰图中选择一个函数，即可查看其调用者和被调用者。</translation>
    </message>
    <message>
        <source>Summing the callers and callees of &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>正在汇总 &lt;b&gt;%1&lt;/b&gt; 的调用者和被调用者…</translation>
    </message>
    <message>
        <source>The callers and callees cannot be summed: %1</source>
        <translation>无法汇总调用者和被调用者：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; has no samples in this selection.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 在此所选范围内没有样本。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples with it on the stack</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：调用栈中包含它的样本 %2 个</translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilitiesPage</name>
    <message>
        <source>Capability</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>Here</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>To enable</source>
        <translation>启用方法</translation>
    </message>
    <message>
        <source>What perfdash can count on this machine, why not, and the commands that would enable more. Events that cannot be counted are marked in the session plan before a run starts.</source>
        <translation>perfdash 在本机上能计数什么、不能计数的原因，以及可启用更多功能的命令。无法计数的事件会在运行开始前于会话计划中标出。</translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation>复制命令</translation>
    </message>
    <message>
        <source>not on this CPU</source>
        <translation>此 CPU 不支持</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>perfdash is trying which counters open on this machine.</source>
        <translation>perfdash 正在尝试本机上可以打开哪些计数器。</translation>
    </message>
    <message>
        <source>This CPU</source>
        <translation>本机处理器</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Processor:</source>
        <translation>处理器：</translation>
    </message>
    <message>
        <source>%1 (%2, family %3, model %4, stepping %5, from %6)</source>
        <translation>%1（%2，系列 %3，型号 %4，步进 %5，来源：%6）</translation>
    </message>
    <message>
        <source>Hypervisor:</source>
        <translation>虚拟机监控程序：</translation>
    </message>
    <message>
        <source>present</source>
        <translation>存在</translation>
    </message>
    <message>
        <source>likwid architecture:</source>
        <translation>likwid 架构：</translation>
    </message>
    <message>
        <source>Identified:</source>
        <translation>识别方式：</translation>
    </message>
    <message>
        <source>Uncertain:</source>
        <translation>不确定：</translation>
    </message>
    <message>
        <source>Detection doubt:</source>
        <translation>识别存疑：</translation>
    </message>
    <message>
        <source>Also seen:</source>
        <translation>另见：</translation>
    </message>
    <message>
        <source>To read this CPU as another architecture, start perfdash with PERFDASH_ARCH=ARCH in its environment (perfdash-cli takes --arch ARCH); the names are those of likwid&apos;s group directories (skylakeX, zen4, ...).</source>
        <translation>若要按其他架构读取此处理器，请在环境中设置 PERFDASH_ARCH=ARCH 后启动 perfdash（perfdash-cli 接受 --arch ARCH）；名称即 likwid 的组目录名（skylakeX、zen4 等）。</translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilityBanner</name>
    <message>
        <source>No hardware counters here: cycles, instructions and cache events cannot be counted; software events and tracepoints can. </source>
        <translation>本机没有硬件计数器：无法计数 cycles、instructions 和缓存事件；软件事件和跟踪点可以计数。 </translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>不可用：%1。</translation>
    </message>
    <message>
        <source>What can be counted here…</source>
        <translation>本机可以计数什么…</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>隐藏此消息</translation>
    </message>
    <message>
        <source>Checking what this machine can count…</source>
        <translation>正在检查本机可以计数的内容…</translation>
    </message>
</context>
<context>
    <name>perfdash::CeilingsModel</name>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>ISA</source>
        <translation>指令集</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Working set</source>
        <translation>工作集</translation>
    </message>
    <message>
        <source>GB/s or GFLOP/s</source>
        <translation>GB/s 或 GFLOP/s</translation>
    </message>
    <message>
        <source>Hardware GB/s</source>
        <translation>硬件 GB/s</translation>
    </message>
    <message>
        <source>Per cycle</source>
        <translation>每周期</translation>
    </message>
    <message>
        <source>The fastest window was not reached again within 3 %.</source>
        <translation>最快的窗口未能在 3 % 内再次达到。</translation>
    </message>
    <message>
        <source>More loads or stores per cycle than any core issues: disturbed.</source>
        <translation>每周期的加载或存储多于任何核心能发射的数量：测量受到干扰。</translation>
    </message>
    <message>
        <source>Application bytes count each byte loaded or stored once (as STREAM and likwid-bench); hardware bytes add the line each plain store reads first.</source>
        <translation>应用字节把每个加载或存储的字节计一次（与 STREAM 和 likwid-bench 相同）；硬件字节加上每次普通存储先读取的缓存行。</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>More floating-point instructions per cycle than any core issues: disturbed.</source>
        <translation>每周期的浮点指令多于任何核心能发射的数量：测量受到干扰。</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>%1 FLOP</source>
        <translation>%1 FLOP</translation>
    </message>
</context>
<context>
    <name>perfdash::CeilingsSweepChart</name>
    <message>
        <source>working set (KiB)</source>
        <translation>工作集 (KiB)</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2, %n thread(s)</source>
        <translation>
            <numerusform>%1 %2，%n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>plateau</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>No sweep measured yet</source>
        <translation>尚未测量扫描</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Bandwidth (application bytes) against working set, measured on this machine</source>
        <translation>带宽（应用字节）随工作集的变化，在本机测得</translation>
    </message>
</context>
<context>
    <name>perfdash::ChartExport</name>
    <message>
        <source>There are no charts to save: start a measurement or open a session first.</source>
        <translation>没有可保存的图表：请先开始测量或打开会话。</translation>
    </message>
    <message>
        <source>An image width of %1 pixels is too small: use at least 100.</source>
        <translation>图像宽度 %1 像素太小：请至少使用 100。</translation>
    </message>
    <message>
        <source>Could not save the charts to %1: %2. Choose a folder you can write to.</source>
        <translation>无法将图表保存到 %1：%2。请选择一个可写入的文件夹。</translation>
    </message>
    <message>
        <source>Could not encode the charts as PNG.</source>
        <translation>无法将图表编码为 PNG。</translation>
    </message>
    <message>
        <source>perfdash timeline</source>
        <translation>perfdash 时间线</translation>
    </message>
</context>
<context>
    <name>perfdash::ClockHistoryModel</name>
    <message>
        <source>CPU %1, %2</source>
        <translation>CPU %1，%2</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>Reported by the system, not measured: %1</source>
        <translation>由系统报告，非测量值：%1</translation>
    </message>
    <message>
        <source>n/a: not in this sample</source>
        <translation>不可用：此样本中没有</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>测量值</translation>
    </message>
    <message>
        <source>Measured on this machine with dependent adds: %1 from the fastest runs, %2 from the median runs, over %3 runs.</source>
        <translation>在本机上用相互依赖的加法测量：按最快的运行为 %1，按中位数运行为 %2，共 %3 次运行。</translation>
    </message>
    <message>
        <source>The fastest run did not repeat: the CPU was busy.</source>
        <translation>最快的运行没有重现：CPU 繁忙。</translation>
    </message>
</context>
<context>
    <name>perfdash::ClockLineChart</name>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>GHz</source>
        <translation>GHz</translation>
    </message>
    <message>
        <source>measured (dependent adds)</source>
        <translation>测量值（相互依赖的加法）</translation>
    </message>
    <message>
        <source>%1 (reported)</source>
        <translation>%1（系统报告）</translation>
    </message>
    <message>
        <source>No clock samples yet</source>
        <translation>尚无时钟样本</translation>
    </message>
    <message>
        <source>Core clock of CPU %1</source>
        <translation>CPU %1 的核心时钟</translation>
    </message>
</context>
<context>
    <name>perfdash::ComparisonTimelineChart</name>
    <message>
        <source>Select a row of the table to overlay its timeline in both sessions.</source>
        <translation>在表格中选择一行，即可叠加显示它在两个会话中的时间线。</translation>
    </message>
    <message>
        <source>Neither session recorded a timeline: they were measured without an interval.</source>
        <translation>两个会话都没有记录时间线：测量时没有设置间隔。</translation>
    </message>
    <message>
        <source>%1 has no value in any interval of either session (n/a).</source>
        <translation>%1 在两个会话的任何间隔中都没有值（无）。</translation>
    </message>
    <message>
        <source>events per interval</source>
        <translation>每间隔事件数</translation>
    </message>
    <message>
        <source>%1 per interval</source>
        <translation>每间隔 %1</translation>
    </message>
</context>
<context>
    <name>perfdash::CopyableTableView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy as C&amp;SV</source>
        <translation>复制为 CSV(&amp;S)</translation>
    </message>
    <message>
        <source>Copy &amp;table as text</source>
        <translation>将表格复制为文本(&amp;T)</translation>
    </message>
    <message>
        <source>Copy table as CS&amp;V</source>
        <translation>将表格复制为 CSV(&amp;V)</translation>
    </message>
</context>
<context>
    <name>perfdash::CpuPicker</name>
    <message>
        <source>e.g. 0-3, S0:0-3, N:0-7, E:S0:4:1:2</source>
        <translation>例如 0-3, S0:0-3, N:0-7, E:S0:4:1:2</translation>
    </message>
    <message>
        <source>CPU list in likwid syntax: CPU numbers and ranges (0,2-4), affinity domains (S0:0-3 socket, D0: die, C0: last-level cache, M0: NUMA domain, N: the whole machine), L: logical numbering, E: expressions; join lists with @</source>
        <translation>likwid 语法的 CPU 列表：CPU 编号和范围（0,2-4）、亲和域（S0:0-3 插槽，D0: 裸片，C0: 末级缓存，M0: NUMA 域，N: 整台机器）、L: 逻辑编号、E: 表达式；用 @ 连接多个列表</translation>
    </message>
    <message>
        <source>CPU list</source>
        <translation>CPU 列表</translation>
    </message>
    <message>
        <source>CPU &amp;list:</source>
        <translation>CPU 列表(&amp;L):</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Select every online CPU</source>
        <translation>选择所有在线 CPU</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>CPU lists cannot be checked: %1</source>
        <translation>无法检查 CPU 列表：%1</translation>
    </message>
    <message>
        <source>Selection unchanged until the list is valid</source>
        <translation>列表有效之前选择保持不变</translation>
    </message>
    <message>
        <source>Selected CPUs: none of %1 online</source>
        <translation>已选 CPU：%1 个在线 CPU 中一个也没有</translation>
    </message>
    <message>
        <source>Selected CPUs: %1 of %2 online</source>
        <translation>已选 CPU：%2 个在线 CPU 中的 %1 个</translation>
    </message>
</context>
<context>
    <name>perfdash::CpuTopologyView</name>
    <message>
        <source>CPU topology</source>
        <translation>CPU 拓扑</translation>
    </message>
    <message>
        <source>Arrow keys move between CPUs, Space toggles one, Ctrl+A selects all</source>
        <translation>方向键在 CPU 间移动，空格键切换选择，Ctrl+A 全选</translation>
    </message>
    <message>
        <source>Offline CPUs (cannot be selected)</source>
        <translation>离线 CPU（无法选择）</translation>
    </message>
    <message>
        <source>Socket %1 · cores: %2 · hardware threads: %3</source>
        <translation>插槽 %1 · 核心：%2 · 硬件线程：%3</translation>
    </message>
    <message>
        <source>CPU %1 is offline</source>
        <translation>CPU %1 已离线</translation>
    </message>
    <message>
        <source>CPU %1: socket %2, core %3, hardware thread %4</source>
        <translation>CPU %1：插槽 %2，核心 %3，硬件线程 %4</translation>
    </message>
    <message>
        <source>, NUMA node %1</source>
        <translation>，NUMA 节点 %1</translation>
    </message>
</context>
<context>
    <name>perfdash::CustomEventSetModel</name>
    <message>
        <source>Slot</source>
        <translation>槽位</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
</context>
<context>
    <name>perfdash::CustomInstructionEditor</name>
    <message>
        <source>e.g. imul &lt;sd:gpr64&gt;, &lt;s:gpr64&gt;</source>
        <translation>例如 imul &lt;sd:gpr64&gt;, &lt;s:gpr64&gt;</translation>
    </message>
    <message>
        <source>One instruction; operands are &lt;role:class&gt;: roles d (written), s (read), sd (both); &lt;=N&gt; repeats placeholder N&apos;s register.</source>
        <translation>一条指令；操作数写作 &lt;role:class&gt;：角色 d（写入）、s（读取）、sd（两者）；&lt;=N&gt; 重复占位符 N 的寄存器。</translation>
    </message>
    <message>
        <source>e.g. rax, rdx, flags</source>
        <translation>例如 rax, rdx, flags</translation>
    </message>
    <message>
        <source>e.g. 3  or  xmm=1.0  or  gpr64=mem</source>
        <translation>例如 3  或  xmm=1.0  或  gpr64=mem</translation>
    </message>
    <message>
        <source>cpuinfo flags, e.g. avx2</source>
        <translation>cpuinfo 标志，例如 avx2</translation>
    </message>
    <message>
        <source>an instruction that carries the result back to a source (latency)</source>
        <translation>将结果传回源操作数的指令（延迟）</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>模板(&amp;T):</translation>
    </message>
    <message>
        <source>Implicit re&amp;gisters:</source>
        <translation>隐式寄存器(&amp;G):</translation>
    </message>
    <message>
        <source>Initial &amp;values:</source>
        <translation>初始值(&amp;V):</translation>
    </message>
    <message>
        <source>Re&amp;quires:</source>
        <translation>需要(&amp;Q):</translation>
    </message>
    <message>
        <source>Lin&amp;k:</source>
        <translation>链接(&amp;K):</translation>
    </message>
    <message>
        <source>R&amp;un custom instruction</source>
        <translation>运行自定义指令(&amp;U)</translation>
    </message>
    <message>
        <source>Measures it on this machine in a separate process, so an instruction this CPU lacks cannot crash perfdash.</source>
        <translation>在本机的独立进程中测量，因此此 CPU 不支持的指令不会导致 perfdash 崩溃。</translation>
    </message>
    <message>
        <source>Generated co&amp;de (latency chain and independent streams, both unroll lengths):</source>
        <translation>生成的代码(&amp;D)（延迟链和独立指令流，两种展开长度）:</translation>
    </message>
    <message>
        <source>The code generated from the template appears here.</source>
        <translation>由模板生成的代码将显示在这里。</translation>
    </message>
    <message>
        <source>Assembles. Run measures it on this machine.</source>
        <translation>可以汇编。运行将在本机测量它。</translation>
    </message>
    <message>
        <source>The assembler rejects it: %1</source>
        <translation>汇编器拒绝了它：%1</translation>
    </message>
    <message>
        <source>Measured: see the results table.</source>
        <translation>已测量：请参见结果表。</translation>
    </message>
    <message>
        <source>The run %1: %2</source>
        <translation>运行%1：%2</translation>
    </message>
    <message>
        <source>Instruction benchmarks run on x86-64, AArch64 and MIPS64 only.</source>
        <translation>指令基准测试仅在 x86-64、AArch64 和 MIPS64 上运行。</translation>
    </message>
    <message>
        <source>Checking with the assembler…</source>
        <translation>正在用汇编器检查…</translation>
    </message>
</context>
<context>
    <name>perfdash::DisassemblyModel</name>
    <message>
        <source>[not an instruction start]</source>
        <translation>[不是指令起点]</translation>
    </message>
    <message>
        <source>%1, the hottest instruction</source>
        <translation>%1，最热的指令</translation>
    </message>
    <message>
        <source>The hottest instruction: the most samples of the function</source>
        <translation>最热的指令：该函数样本最多处</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>占比 %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源代码</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
</context>
<context>
    <name>perfdash::DisassemblyPanel</name>
    <message>
        <source>Choose binaries folder…</source>
        <translation>选择二进制文件目录…</translation>
    </message>
    <message>
        <source>Look for the recorded binaries under a folder first (FOLDER/usr/lib/…), as perf&apos;s --symfs does: a copy of the machine&apos;s files where they were recorded elsewhere</source>
        <translation>先在某个目录下查找记录时的二进制文件（目录/usr/lib/…），与 perf 的 --symfs 相同：用于在别处记录的机器文件副本</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its instructions.</source>
        <translation>在表格或火焰图中选择一个函数以查看其指令。</translation>
    </message>
    <message>
        <source>Disassembling &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>正在反汇编 &lt;b&gt;%1&lt;/b&gt;…</translation>
    </message>
    <message>
        <source>The instructions of &lt;b&gt;%1&lt;/b&gt; cannot be shown: %2</source>
        <translation>无法显示 &lt;b&gt;%1&lt;/b&gt; 的指令：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; in %2: %3 samples in its code</source>
        <translation>%2 中的 &lt;b&gt;%1&lt;/b&gt;：其代码中有 %3 个样本</translation>
    </message>
    <message>
        <source>%1 is inlined into %2 wherever it was sampled: its instructions are among these, at its own source lines.</source>
        <translation>%1 在所有被采样处都内联到 %2 中：它的指令就在其中，位于它自己的源代码行。</translation>
    </message>
    <message>
        <source>Instructions and lines: objdump of %1</source>
        <translation>指令和行：%1 的 objdump</translation>
    </message>
    <message>
        <source>Folder of copies of the recorded binaries</source>
        <translation>记录的二进制文件副本所在目录</translation>
    </message>
</context>
<context>
    <name>perfdash::EventBrowser</name>
    <message>
        <source>PMU model not present</source>
        <translation>PMU 型号不存在</translation>
    </message>
    <message>
        <source>Add to &amp;custom set</source>
        <translation>添加到自定义集(&amp;C)</translation>
    </message>
    <message>
        <source>Checking availability… %p%</source>
        <translation>正在检查可用性… %p%</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Add to custom set</source>
        <translation>添加到自定义集</translation>
    </message>
    <message>
        <source>Copy event names</source>
        <translation>复制事件名称</translation>
    </message>
    <message>
        <source>Filter by name or description (Ctrl+F); several words must all match</source>
        <translation>按名称或描述筛选（Ctrl+F）；多个词须全部匹配</translation>
    </message>
    <message>
        <source>All sources</source>
        <translation>所有来源</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>Countable &amp;here only</source>
        <translation>仅限本机可计数(&amp;H)</translation>
    </message>
    <message>
        <source>Shows only the events this machine can count; events appear as they are checked.</source>
        <translation>仅显示本机可以计数的事件；事件在检查后陆续出现。</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation>PMU(&amp;P):</translation>
    </message>
    <message>
        <source>Custom event set</source>
        <translation>自定义事件集</translation>
    </message>
    <message>
        <source>Drop events here or use &quot;Add to custom set&quot;. Double-click a slot name to rename it; METRICS formulas use these names.</source>
        <translation>将事件拖放到此处，或使用“添加到自定义集”。双击槽位名称可重命名；METRICS 公式使用这些名称。</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Add set to sess&amp;ion</source>
        <translation>将事件集添加到会话(&amp;I)</translation>
    </message>
    <message>
        <source>Sa&amp;ve as group…</source>
        <translation>另存为性能组(&amp;V)…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>All PMUs</source>
        <translation>所有 PMU</translation>
    </message>
    <message>
        <source>%1 (%2, present)</source>
        <translation>%1 (%2, 本机存在)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%L1 of %L2 events</source>
        <translation>%L1 / %L2 个事件</translation>
    </message>
    <message>
        <source>&amp;Add to measurement</source>
        <translation>添加到测量(&amp;A)</translation>
    </message>
    <message>
        <source>Adds the selected events to the measurement (also: double-click, Return, or drag them onto the setup page).</source>
        <translation>将所选事件添加到测量（也可双击、按回车，或将其拖到设置页）。</translation>
    </message>
    <message>
        <source>Add to measurement</source>
        <translation>添加到测量</translation>
    </message>
</context>
<context>
    <name>perfdash::EventDetailsView</name>
    <message>
        <source>dynamic type of a kernel PMU</source>
        <translation>内核 PMU 的动态类型</translation>
    </message>
    <message>
        <source>Select an event to see its description, encoding, unit masks and availability.</source>
        <translation>选择一个事件以查看其描述、编码、单元掩码和可用性。</translation>
    </message>
    <message>
        <source>%1 event, PMU %2</source>
        <translation>%1 事件，PMU %2</translation>
    </message>
    <message>
        <source>Also written: %1</source>
        <translation>也写作：%1</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Checking whether it can be counted here…</source>
        <translation>正在检查本机能否计数…</translation>
    </message>
    <message>
        <source>Countable on this machine</source>
        <translation>可在本机计数</translation>
    </message>
    <message>
        <source>Countable with restrictions: %1</source>
        <translation>可计数，但有限制：%1</translation>
    </message>
    <message>
        <source>Not countable here: %1</source>
        <translation>本机无法计数：%1</translation>
    </message>
    <message>
        <source>type</source>
        <translation>type</translation>
    </message>
    <message>
        <source>config</source>
        <translation>config</translation>
    </message>
    <message>
        <source>config1</source>
        <translation>config1</translation>
    </message>
    <message>
        <source>config2</source>
        <translation>config2</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>hypervisor</source>
        <translation>虚拟机监控程序</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>guest</source>
        <translation>客户机</translation>
    </message>
    <message>
        <source>excludes</source>
        <translation>排除</translation>
    </message>
    <message>
        <source>precise_ip</source>
        <translation>precise_ip</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 (counts system-wide only)</source>
        <translation>%1（仅系统范围计数）</translation>
    </message>
    <message>
        <source>after the closing &apos;/&apos; (%1u)</source>
        <translation>在结尾的“/”之后（%1u）</translation>
    </message>
    <message>
        <source>after a &apos;:&apos; (%1:u)</source>
        <translation>在“:”之后（%1:u）</translation>
    </message>
    <message>
        <source>Modifiers</source>
        <translation>修饰符</translation>
    </message>
    <message>
        <source>perf modifiers go %1: u user space, k kernel, h hypervisor, G guest, H host, I exclude idle, p/pp/ppp precise. Naming any of u, k, h counts only the named levels.</source>
        <translation>perf 修饰符写在%1：u 用户态，k 内核，h 虚拟机监控程序，G 客户机，H 主机，I 排除空闲，p/pp/ppp 精确。只要指定了 u、k、h 中的任意一个，就只计数所指定的级别。</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Unit masks</source>
        <translation>单元掩码</translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos; (%1:UMASK).</source>
        <translation>追加在“:”之后（%1:UMASK）。</translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos;, a flag as NAME or NAME=1, a value as NAME=VALUE (%1:%2).</source>
        <translation>追加在“:”之后，标志写作 NAME 或 NAME=1，值写作 NAME=VALUE（%1:%2）。</translation>
    </message>
    <message>
        <source>Not known: %1</source>
        <translation>未知：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::EventTableModel</name>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Hardware cache</source>
        <translation>硬件缓存</translation>
    </message>
    <message>
        <source>Software</source>
        <translation>软件</translation>
    </message>
    <message>
        <source>Tracepoint</source>
        <translation>跟踪点</translation>
    </message>
    <message>
        <source>Kernel PMU</source>
        <translation>内核 PMU</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>原始</translation>
    </message>
    <message>
        <source>libpfm4</source>
        <translation>libpfm4</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>检查中…</translation>
    </message>
    <message>
        <source>countable</source>
        <translation>可计数</translation>
    </message>
    <message>
        <source>Not checked yet: perfdash is checking which events can be counted here.</source>
        <translation>尚未检查：perfdash 正在检查本机可以计数哪些事件。</translation>
    </message>
    <message>
        <source>Can be counted on this machine.</source>
        <translation>可在本机计数。</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>PMU</source>
        <translation>PMU</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Loongson 2E/2F</source>
        <translation>Loongson 2E/2F</translation>
    </message>
    <message>
        <source>Hardware monitor (gauge)</source>
        <translation>硬件监控（读数）</translation>
    </message>
    <message>
        <source>Powercap (RAPL energy)</source>
        <translation>Powercap（RAPL 能量）</translation>
    </message>
</context>
<context>
    <name>perfdash::EventTotalsModel</name>
    <message>
        <source>Whole run (%1 s)</source>
        <translation>整个运行（%1 秒）</translation>
    </message>
    <message>
        <source>Totals so far (%1 s)</source>
        <translation>目前的总计（%1 秒）</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>未计数</translation>
    </message>
    <message>
        <source>Not counted: %1</source>
        <translation>未计数：%1</translation>
    </message>
    <message>
        <source>Counter %1</source>
        <translation>计数器 %1</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>总和</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>%1 (of %2 of %3 locations)</source>
        <translation>%1（基于 %3 个位置中的 %2 个）</translation>
    </message>
    <message>
        <source>No coverage known: the counters never ran</source>
        <translation>覆盖率未知：计数器从未运行</translation>
    </message>
    <message>
        <source>No location has a complete total</source>
        <translation>没有任何位置具有完整的总计</translation>
    </message>
    <message>
        <source>Over the %1 of %2 locations whose total is complete; the others are n/a or partial</source>
        <translation>基于 %2 个位置中总计完整的 %1 个；其余位置不可用或仅为部分值</translation>
    </message>
    <message>
        <source>no sum (gauge)</source>
        <translation>无总和（读数）</translation>
    </message>
    <message>
        <source>A gauge: each location&apos;s latest reading (in %1), not a count; over the locations only Min, Max and Mean mean anything, never a Sum</source>
        <translation>读数型指标：每个位置的最新读数（单位 %1），不是计数；跨位置只有最小值、最大值和平均值有意义，没有总和</translation>
    </message>
    <message>
        <source>Whole run of synthetic data, not measured (%1 s)</source>
        <translation>合成数据的整个运行，非实测（%1 秒）</translation>
    </message>
    <message>
        <source>Whole run, recorded (%1 s)</source>
        <translation>整个运行，已录制（%1 秒）</translation>
    </message>
    <message>
        <source>Not counted on %1: %2</source>
        <translation>未在 %1 上计数：%2</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>  on %1</source>
        <translation>  在 %1 上</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 在 %2 上</translation>
    </message>
    <message>
        <source>%1 on the %2 cores alone: the CPUs of that core type, or a task&apos;s counts while it ran on them</source>
        <translation>%1 仅在 %2 核心上：该核心类型的 CPU，或任务在其上运行期间的计数</translation>
    </message>
    <message>
        <source>likwid&apos;s code: %1</source>
        <translation>likwid 的编码：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::FlameGraphPanel</name>
    <message>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Colour boxes by</source>
        <translation>方框着色依据</translation>
    </message>
    <message>
        <source>Zoom out to the whole selection (Escape)</source>
        <translation>缩小到整个所选范围（Esc）</translation>
    </message>
    <message>
        <source>Colo&amp;ur by:</source>
        <translation>着色依据(&amp;U):</translation>
    </message>
    <message>
        <source>Self share</source>
        <translation>自身占比</translation>
    </message>
</context>
<context>
    <name>perfdash::FlameGraphView</name>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Flame graph coloured by self share</source>
        <translation>按自身占比着色的火焰图</translation>
    </message>
    <message>
        <source>Flame graph coloured by %1</source>
        <translation>按 %1 着色的火焰图</translation>
    </message>
    <message>
        <source>self share</source>
        <translation>自身占比</translation>
    </message>
    <message>
        <source>Colour: %1 from %2 (blue) to %3 (red)</source>
        <translation>颜色：%1，从 %2（蓝）到 %3（红）</translation>
    </message>
    <message>
        <source>Colour: %1, known for no box</source>
        <translation>颜色：%1，没有任何方框有已知值</translation>
    </message>
    <message>
        <source>; grey: not known, or too few samples to tell. Width: samples. Click a box to zoom in, its caller to zoom out.</source>
        <translation>；灰色：未知，或样本太少无法判断。宽度：样本数。单击方框放大，单击其调用者缩小。</translation>
    </message>
    <message>
        <source>1 box matches &apos;%1&apos;: %2 % of the samples</source>
        <translation>1 个方框匹配“%1”：占样本的 %2 %</translation>
    </message>
    <message>
        <source>%1 boxes match &apos;%2&apos;: %3 % of the samples</source>
        <translation>%1 个方框匹配“%2”：占样本的 %3 %</translation>
    </message>
</context>
<context>
    <name>perfdash::FleetModel</name>
    <message>
        <source>connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>%1 has no value of %2</source>
        <translation>%1 没有 %2 的值</translation>
    </message>
    <message>
        <source>%1&apos;s %2 stands out from the other hosts&apos;</source>
        <translation>%1 的 %2 明显不同于其他主机</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>%1 in each host&apos;s latest interval; ⚠: it stands out from the other hosts&apos;</source>
        <translation>%1，取自每台主机的最新区间；⚠：明显不同于其他主机</translation>
    </message>
</context>
<context>
    <name>perfdash::FleetRecorder</name>
    <message>
        <source>%1 has not sent an interval since it was added: wait for its first one</source>
        <translation>%1 自添加以来尚未发送任何区间：请等待它的第一个区间</translation>
    </message>
</context>
<context>
    <name>perfdash::FunctionChangesModel</name>
    <message>
        <source>Its self share in B minus that in A, in share points, ± the standard error of the difference (the two runs&apos; binomial errors, taken as independent)</source>
        <translation>其在 B 中的自身占比减去在 A 中的，单位为百分点，± 差值的标准误差（两次运行的二项误差，视为独立）</translation>
    </message>
    <message>
        <source>%1 was not sampled in A</source>
        <translation>%1 在 A 中未被采样</translation>
    </message>
    <message>
        <source>%1 was not sampled in B</source>
        <translation>%1 在 B 中未被采样</translation>
    </message>
    <message>
        <source>Change [points]</source>
        <translation>变化 [百分点]</translation>
    </message>
    <message>
        <source>Self % A</source>
        <translation>自身 % A</translation>
    </message>
    <message>
        <source>Self % B</source>
        <translation>自身 % B</translation>
    </message>
    <message>
        <source>Samples A</source>
        <translation>样本 A</translation>
    </message>
    <message>
        <source>Samples B</source>
        <translation>样本 B</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>%1 A</source>
        <translation>%1 A</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
</context>
<context>
    <name>perfdash::FunctionComparisonView</name>
    <message>
        <source>Functions compared</source>
        <translation>比较的函数</translation>
    </message>
    <message>
        <source>Flame graph of the change</source>
        <translation>变化的火焰图</translation>
    </message>
    <message>
        <source>Neither session holds samples: sessions recorded with sampling (the Measure page&apos;s Sample, or perfdash-cli record) compare function by function.</source>
        <translation>两个会话都没有样本：带采样记录的会话（测量页的采样，或 perfdash-cli record）才能按函数比较。</translation>
    </message>
    <message>
        <source>Session A holds counts only, no samples: only sessions recorded with sampling compare function by function.</source>
        <translation>会话 A 只有计数，没有样本：只有带采样记录的会话才能按函数比较。</translation>
    </message>
    <message>
        <source>Session B holds counts only, no samples: only sessions recorded with sampling compare function by function.</source>
        <translation>会话 B 只有计数，没有样本：只有带采样记录的会话才能按函数比较。</translation>
    </message>
    <message>
        <source>Comparing the samples…</source>
        <translation>正在比较样本…</translation>
    </message>
    <message>
        <source>B against A, function by function: %1. Change: B&apos;s self share minus A&apos;s, in share points; the flame graph is B&apos;s, red where a box holds more of its run than in A, blue where less.</source>
        <translation>B 对比 A，按函数：%1。变化：B 的自身占比减去 A 的，单位为百分点；火焰图为 B 的，某框在其运行中所占比 A 多处为红色，少处为蓝色。</translation>
    </message>
    <message>
        <source>The two runs sampled different groups: their metrics are not compared.</source>
        <translation>两次运行采样的组不同：不比较其指标。</translation>
    </message>
</context>
<context>
    <name>perfdash::FunctionTableModel</name>
    <message>
        <source> [inlined into %1]</source>
        <translation> [内联到 %1]</translation>
    </message>
    <message>
        <source> [kernel]</source>
        <translation> [内核]</translation>
    </message>
    <message>
        <source>Module: %1</source>
        <translation>模块：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>源文件：%1</translation>
    </message>
    <message>
        <source>Inlined into %1 wherever it was sampled</source>
        <translation>在每个被采样的位置都内联到 %1 中</translation>
    </message>
    <message>
        <source>Samples whose call stacks did not reach a process or thread entry: %1</source>
        <translation>调用栈未到达进程或线程入口的样本：%1</translation>
    </message>
    <message>
        <source>Its own samples (not those of what it calls) in the selection&apos;s, ± one standard error</source>
        <translation>它自身的样本（不含它所调用的函数）在所选样本中的占比，± 一个标准误差</translation>
    </message>
    <message>
        <source>The samples with it anywhere on the call stack, once per sample, ± one standard error</source>
        <translation>调用栈中任意位置包含它的样本（每个样本计一次）的占比，± 一个标准误差</translation>
    </message>
    <message>
        <source>%1 on its own samples&apos; summed counts, ± its standard error</source>
        <translation>基于其自身样本计数之和的 %1，± 其标准误差</translation>
    </message>
    <message>
        <source>Only %1 samples: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>仅有 %1 个样本：少于 %2 个，样本太少，无法将其指标与噪声区分开</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1（样本太少，无法判断）</translation>
    </message>
    <message>
        <source>The event&apos;s count between samples, summed over the row&apos;s own samples</source>
        <translation>该事件在两次采样之间的计数，按该行自身的样本求和</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Source file</source>
        <translation>源文件</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>自身 %</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>总计 %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
</context>
<context>
    <name>perfdash::GroupDetails</name>
    <message>
        <source>Group details</source>
        <translation>性能组详情</translation>
    </message>
    <message>
        <source>Meaningful only with SMT (hyper-threading) off.</source>
        <translation>仅在关闭 SMT（超线程）时有意义。</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>not resolved: %1</source>
        <translation>无法解析：%1</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>About</source>
        <translation>关于</translation>
    </message>
    <message>
        <source>Select a group to see its events, formulas and description.</source>
        <translation>选择一个性能组以查看其事件、公式和描述。</translation>
    </message>
    <message>
        <source>(a reading in %1, not a count: min, max and average over the CPUs, never a sum)</source>
        <translation>（以 %1 为单位的读数，不是计数：跨 CPU 的最小值、最大值和平均值，从不求和）</translation>
    </message>
    <message>
        <source>absent here (n/a): %1</source>
        <translation>此处不存在（不可用）：%1</translation>
    </message>
    <message>
        <source>likwid&apos;s code</source>
        <translation>likwid 的编码</translation>
    </message>
</context>
<context>
    <name>perfdash::GroupListModel</name>
    <message>
        <source>(cannot be used: see tooltip)</source>
        <translation>（无法使用：参见工具提示）</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Every event of %1 has an encoding on this machine&apos;s architecture; whether this machine can count it is shown under &quot;What will be counted&quot; once the group is ticked</source>
        <translation>%1 的每个事件在本机架构上都有编码；勾选该组后，“将要计数的内容”中会显示本机能否计数</translation>
    </message>
    <message>
        <source>Not resolved here:
%1</source>
        <translation>此处无法解析：
%1</translation>
    </message>
    <message>
        <source>Resolve here</source>
        <translation>此处可解析</translation>
    </message>
    <message>
        <source>%1 of %2, %3 absent here</source>
        <translation>%1 / %2，%3 个此处不存在</translation>
    </message>
    <message>
        <source>Absent here (boxes this machine lacks; the metrics are computed from the boxes it has and name them):
%1</source>
        <translation>此处不存在（本机没有的单元；指标按本机已有的单元计算，并列出缺少的单元）：
%1</translation>
    </message>
    <message>
        <source>, 1 likwid&apos;s code</source>
        <translation>，1 个 likwid 编码</translation>
    </message>
    <message>
        <source>, %1 likwid&apos;s codes</source>
        <translation>，%1 个 likwid 编码</translation>
    </message>
    <message>
        <source>likwid&apos;s own codes, which no vendor list for this CPU has: counted as likwid-perfctr counts them, and the metrics computed from them say so:
%1</source>
        <translation>likwid 自己的编码，本 CPU 的厂商列表中都没有：按 likwid-perfctr 的方式计数，由它们计算的指标会注明：
%1</translation>
    </message>
</context>
<context>
    <name>perfdash::HeatMapCanvas</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>1 interval</source>
        <translation>1 个区间</translation>
    </message>
    <message>
        <source>%1 intervals</source>
        <translation>%1 个区间</translation>
    </message>
    <message>
        <source>%1 – %2 s (%3)</source>
        <translation>%1 – %2 秒（%3）</translation>
    </message>
    <message>
        <source>no value: not counted here, or an input of the formula has none</source>
        <translation>无值：此处未计数，或公式的某个输入没有值</translation>
    </message>
    <message>
        <source>highest %1, lowest %2</source>
        <translation>最高 %1，最低 %2</translation>
    </message>
    <message>
        <source>coverage: %1</source>
        <translation>覆盖率：%1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1   · each cell: its intervals&apos; highest value · grey: no value</source>
        <translation>%1   · 每个单元格：其区间的最高值 · 灰色：无值</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source> · blank: in another CPU&apos;s row</source>
        <translation> · 空白：值在另一个 CPU 的行中</translation>
    </message>
</context>
<context>
    <name>perfdash::HeatMapView</name>
    <message>
        <source>&amp;Colour by:</source>
        <translation>着色依据(&amp;C)：</translation>
    </message>
    <message>
        <source>The metric or event rate whose value colours each CPU&apos;s cells</source>
        <translation>用其值为每个 CPU 的单元格着色的指标或事件速率</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>正在等待第一个区间…</translation>
    </message>
    <message>
        <source>The heat map has a row per CPU, so it needs a session counted per CPU: choose Whole CPUs as the target, or pin the program to several CPUs. This session counts %1.</source>
        <translation>热图每个 CPU 一行，因此需要按 CPU 计数的会话：选择“整个 CPU”作为目标，或将程序绑定到多个 CPU。此会话计数的是 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s) or process(es)</source>
        <translation>
            <numerusform>%n 个线程或进程</numerusform>
        </translation>
    </message>
    <message>
        <source>Socket %1</source>
        <translation>插槽 %1</translation>
    </message>
    <message>
        <source>NUMA %1</source>
        <translation>NUMA %1</translation>
    </message>
</context>
<context>
    <name>perfdash::HostTokens</name>
    <message>
        <source>the desktop&apos;s keyring (Secret Service), under &quot;%1&quot;</source>
        <translation>桌面密钥环（Secret Service），名称为“%1”</translation>
    </message>
    <message>
        <source>files readable only by you in %1 (no Secret Service on this session&apos;s bus)</source>
        <translation>%1 中仅您可读的文件（此会话总线上没有 Secret Service）</translation>
    </message>
    <message>
        <source>the desktop&apos;s keyring did not give the token of %1: %2</source>
        <translation>桌面密钥环未给出 %1 的令牌：%2</translation>
    </message>
    <message>
        <source>the token of %1 is kept under its old file name %2, which cannot be moved to %3 (%4): add %1 again with its token</source>
        <translation>%1 的令牌保存在旧文件名 %2 下，无法移动到 %3（%4）：请重新添加 %1 并填写其令牌</translation>
    </message>
</context>
<context>
    <name>perfdash::HostsPage</name>
    <message>
        <source>&apos;%1&apos; is not host:port: write e.g. node07:9464, 10.0.0.7:9464 or [fd00::7]:9464</source>
        <translation>“%1”不是 host:port：请写成例如 node07:9464、10.0.0.7:9464 或 [fd00::7]:9464</translation>
    </message>
    <message>
        <source>&amp;Remove host</source>
        <translation>移除主机(&amp;R)</translation>
    </message>
    <message>
        <source>host:port of a perfdash-cli serve agent, e.g. node07:9464</source>
        <translation>perfdash-cli serve 代理的 host:port，例如 node07:9464</translation>
    </message>
    <message>
        <source>its token (the contents of its --token-file); empty for none</source>
        <translation>它的令牌（其 --token-file 的内容）；没有则留空</translation>
    </message>
    <message>
        <source>&amp;Add host</source>
        <translation>添加主机(&amp;A)</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>代理(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Click a host&apos;s name to watch it in the Overview and Live pages. A value marked ⚠ stands out from the other hosts&apos;.</source>
        <translation>点击主机名，即可在“概览”和“实时”页面中查看它。标有 ⚠ 的值明显不同于其他主机。</translation>
    </message>
    <message>
        <source>Hosts running &lt;tt&gt;perfdash-cli serve&lt;/tt&gt; (the perfdash agent). Their latest interval&apos;s key metrics side by side; sort by a column to find the odd one.</source>
        <translation>运行 &lt;tt&gt;perfdash-cli serve&lt;/tt&gt;（perfdash 代理）的主机。并列显示它们最新区间的关键指标；按某一列排序即可找出异常者。</translation>
    </message>
    <message>
        <source>%1; trying again in %2 s</source>
        <translation>%1；%2 秒后重试</translation>
    </message>
    <message>
        <source>&amp;Compare hosts</source>
        <translation>比较主机(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save fleet session…</source>
        <translation>保存集群会话(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Back to the live hosts</source>
        <translation>返回实时主机(&amp;B)</translation>
    </message>
    <message>
        <source>Select two hosts (Ctrl+click) to compare their runs on the Saved sessions page</source>
        <translation>选择两个主机（Ctrl+单击），在“已保存会话”页面比较它们的运行</translation>
    </message>
    <message>
        <source>Save what the hosts sent since they were added: one session with a host dimension, that replays and exports like any other</source>
        <translation>保存主机自添加以来发送的数据：一个带主机维度的会话，可像其他会话一样回放和导出</translation>
    </message>
    <message>
        <source>Tokens are kept in %1.</source>
        <translation>令牌保存在%1。</translation>
    </message>
    <message>
        <source>Select a host to see what its agent says about itself.</source>
        <translation>选择一个主机，查看其代理对自身的描述。</translation>
    </message>
    <message>
        <source>The token of %1 cannot be kept for the next start: %2</source>
        <translation>无法为下次启动保存 %1 的令牌：%2</translation>
    </message>
    <message>
        <source>The watched intervals cannot be written to disk: %1. Nothing is lost; free space or make the directory writable, then save the fleet session.</source>
        <translation>无法将监视到的时间段写入磁盘：%1。没有丢失任何数据；请释放空间或使该目录可写，然后保存集群会话。</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>saved after %1 s watched</source>
        <translation>观察 %1 秒后保存</translation>
    </message>
    <message>
        <source>saved: its whole run (%1 s)</source>
        <translation>已保存：整个运行（%1 秒）</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Saved fleet session&lt;/b&gt; %1: %n host(s), recorded %2. Click a host to replay it; select two to compare them.</source>
        <translation>
            <numerusform>&lt;b&gt;已保存的集群会话&lt;/b&gt; %1：%n 个主机，记录于 %2。单击主机以回放；选择两个以比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;%1&apos;s info was not saved: its agent did not answer GET /api/v1/info while it was watched.&lt;/p&gt;</source>
        <translation>&lt;p&gt;未保存 %1 的信息：观察期间其代理未响应 GET /api/v1/info。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Asking %1 for its info…&lt;/p&gt;</source>
        <translation>&lt;p&gt;正在向 %1 请求其信息…&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 is not a host of the fleet session shown</source>
        <translation>%1 不是当前显示的集群会话中的主机</translation>
    </message>
    <message>
        <source>&amp;Profile host</source>
        <translation>剖析主机(&amp;P)</translation>
    </message>
    <message>
        <source>Sample the selected host&apos;s CPUs for the seconds chosen (its agent&apos;s GET /api/v1/profile) and show where the time went on the Hotspots page</source>
        <translation>在所选秒数内对所选主机的 CPU 采样（其代理的 GET /api/v1/profile），并在“热点”页上显示时间花在哪里</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How long the host&apos;s agent samples its CPUs</source>
        <translation>主机代理对其 CPU 采样的时长</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n sample(s) in %2 s, shown on the Hotspots page</source>
        <translation>
            <numerusform>%1：%2 秒内 %n 个样本，显示在“热点”页上</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 s profile</source>
        <translation>%1，%2 秒的剖析</translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1：%2；%3。</translation>
    </message>
    <message>
        <source>Sampling %1&apos;s CPUs for %2 s…</source>
        <translation>正在对 %1 的 CPU 采样 %2 秒…</translation>
    </message>
</context>
<context>
    <name>perfdash::HotspotsPage</name>
    <message>
        <source>DWARF unwinding</source>
        <translation>DWARF 栈回溯</translation>
    </message>
    <message>
        <source>frame pointers</source>
        <translation>帧指针</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Source files</source>
        <translation>源文件</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Rows are</source>
        <translation>行的内容</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>按名称筛选</translation>
    </message>
    <message>
        <source>Hotspots</source>
        <translation>热点</translation>
    </message>
    <message>
        <source>Ro&amp;ws:</source>
        <translation>行(&amp;W):</translation>
    </message>
    <message>
        <source>&amp;Name contains:</source>
        <translation>名称包含(&amp;N):</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples of %3%4, call stacks: %5; recorded, not measured now</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%3 的 %2 个样本%4，调用栈：%5；已录制的数据，并非当前测量</translation>
    </message>
    <message>
        <source>%1 (%2) is not in the samples: %3</source>
        <translation>%1（%2）不在样本中：%3</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Marker region</source>
        <translation>标记区域</translation>
    </message>
    <message>
        <source>all; or from-to, e.g. 2-5, 1.5s-, -3s</source>
        <translation>全部；或 起-止，例如 2-5、1.5s-、-3s</translation>
    </message>
    <message>
        <source>Time range in seconds</source>
        <translation>时间范围（秒）</translation>
    </message>
    <message>
        <source>M&amp;arker region:</source>
        <translation>标记区域(&amp;A):</translation>
    </message>
    <message>
        <source>Se&amp;conds:</source>
        <translation>秒(&amp;C):</translation>
    </message>
    <message>
        <source>All samples</source>
        <translation>所有样本</translation>
    </message>
    <message>
        <source>The session has no marker regions (perfdash-cli record -m, with the marker API)</source>
        <translation>该会话没有标记区域（使用标记 API 并通过 perfdash-cli record -m 录制）</translation>
    </message>
    <message>
        <source>Seconds: %1</source>
        <translation>秒：%1</translation>
    </message>
    <message>
        <source>Selection: %1</source>
        <translation>所选范围：%1</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Top-down call tree</source>
        <translation>自顶向下调用树</translation>
    </message>
    <message>
        <source>Top down</source>
        <translation>自顶向下</translation>
    </message>
    <message>
        <source>Bottom up</source>
        <translation>自底向上</translation>
    </message>
    <message>
        <source>Callers and callees</source>
        <translation>调用者和被调用者</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源代码</translation>
    </message>
    <message>
        <source>%1 samples of %2%3, call stacks: %4</source>
        <translation>%2%3 的 %1 个样本，调用栈：%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;, so far: %1; updated twice a second</source>
        <translation>&lt;b&gt;实时&lt;/b&gt;，目前：%1；每秒更新两次</translation>
    </message>
    <message>
        <source>&lt;b&gt;This run&lt;/b&gt;: %1; it has ended, and its session could not be saved</source>
        <translation>&lt;b&gt;本次运行&lt;/b&gt;：%1；运行已结束，其会话未能保存</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2; the run has ended</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2；运行已结束</translation>
    </message>
    <message>
        <source>Disassembly</source>
        <translation>反汇编</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::IpcCurveModel</name>
    <message>
        <source>n/a: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Chains</source>
        <translation>链数</translation>
    </message>
    <message>
        <source>%1 independent chains of %2: %3 cycles per instruction from the fastest runs, %4 from the median runs, over %5 repetitions</source>
        <translation>%2 的 %1 条独立链：按最快的运行为每条指令 %3 个周期，按中位数运行为 %4，共 %5 次重复</translation>
    </message>
</context>
<context>
    <name>perfdash::IpcLineChart</name>
    <message>
        <source>independent chains</source>
        <translation>独立链</translation>
    </message>
    <message>
        <source>instructions per cycle</source>
        <translation>每周期指令数</translation>
    </message>
    <message>
        <source>No IPC curves yet</source>
        <translation>尚无 IPC 曲线</translation>
    </message>
    <message>
        <source>Max IPC, measured on this machine</source>
        <translation>最大 IPC，在本机测量</translation>
    </message>
</context>
<context>
    <name>perfdash::Language</name>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
</context>
<context>
    <name>perfdash::LiveHost</name>
    <message>
        <source>its stream (GET /api/v1/stream) failed: %1</source>
        <translation>其数据流（GET /api/v1/stream）失败：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::LiveView</name>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Run &amp;summary</source>
        <translation>运行摘要(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Metrics</source>
        <translation>指标(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Counts</source>
        <translation>计数(&amp;C)</translation>
    </message>
    <message>
        <source>No counts yet.</source>
        <translation>尚无计数。</translation>
    </message>
    <message>
        <source>No metric values yet.</source>
        <translation>尚无指标值。</translation>
    </message>
    <message>
        <source>&amp;Heat map</source>
        <translation>热图(&amp;H)</translation>
    </message>
    <message>
        <source>%1: every event counted all the time (coverage 100 %)</source>
        <translation>%1：每个事件始终被计数（覆盖率 100 %）</translation>
    </message>
    <message>
        <source>To&amp;p-down</source>
        <translation>自顶向下(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Where? Sample this metric&apos;s group by function</source>
        <translation>在哪里？按函数对该指标的组采样(&amp;W)</translation>
    </message>
    <message>
        <source>Roofli&amp;ne</source>
        <translation>屋顶线(&amp;N)</translation>
    </message>
</context>
<context>
    <name>perfdash::MainWindow</name>
    <message>
        <source>perfdash</source>
        <translation>perfdash</translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation>事件(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Machine</source>
        <translation>机器(&amp;M)</translation>
    </message>
    <message>
        <source>Program output</source>
        <translation>程序输出</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Program &amp;output</source>
        <translation>程序输出(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>What can be counted &amp;here</source>
        <translation>本机可以计数什么(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About perfdash</source>
        <translation>关于 perfdash(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>测量中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation>正在结束…</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Measurement finished after %1 s; the program&apos;s exit status was %2</source>
        <translation>测量在 %1 秒后结束；程序的退出状态为 %2</translation>
    </message>
    <message>
        <source>Measurement finished after %1 s</source>
        <translation>测量在 %1 秒后结束</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language is used from the next start of perfdash.</source>
        <translation>新语言将在下次启动 perfdash 时生效。</translation>
    </message>
    <message>
        <source>About perfdash</source>
        <translation>关于 perfdash</translation>
    </message>
    <message>
        <source>&lt;h3&gt;perfdash %1&lt;/h3&gt;&lt;p&gt;CPU performance counters on Linux: perf_event grouped reads, likwid-format performance groups and metrics, live timelines.&lt;/p&gt;&lt;p&gt;The command-line front end is &lt;tt&gt;perfdash-cli&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;perfdash %1&lt;/h3&gt;&lt;p&gt;Linux 上的 CPU 性能计数器：perf_event 分组读取、likwid 格式的性能组和指标、实时时间线。&lt;/p&gt;&lt;p&gt;命令行前端为 &lt;tt&gt;perfdash-cli&lt;/tt&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Measurement running</source>
        <translation>测量正在进行</translation>
    </message>
    <message>
        <source>A measurement is running. Stop it and quit? A launched program is terminated.</source>
        <translation>测量正在进行。要停止并退出吗？已启动的程序将被终止。</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>实时(&amp;L)</translation>
    </message>
    <message>
        <source>Re&amp;gions</source>
        <translation>区域(&amp;G)</translation>
    </message>
    <message>
        <source>Saved sess&amp;ions</source>
        <translation>已保存的会话(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Probes</source>
        <translation>探测(&amp;P)</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;: measuring now</source>
        <translation>&lt;b&gt;实时&lt;/b&gt;：正在测量</translation>
    </message>
    <message>
        <source>The session cannot be saved</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation>与会话比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>设置(&amp;T)</translation>
    </message>
    <message>
        <source>Cannot open the session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Replay of %1</source>
        <translation>回放 %1</translation>
    </message>
    <message>
        <source>perfdash — replay of %1</source>
        <translation>perfdash — 回放 %1</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>Cannot export the report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Cannot compare the sessions</source>
        <translation>无法比较会话</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Compare with session</source>
        <translation>与会话比较</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: the run&apos;s counters, saved as a session (File → Export to write a report)</source>
        <translation>&lt;b&gt;已完成&lt;/b&gt;：本次运行的计数器已保存为会话（文件 → 导出 可写出报告）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of %1, recorded %2: saved data, not measured now. %3</source>
        <translation>&lt;b&gt;回放&lt;/b&gt; %1，录制于 %2：已保存的数据，并非当前测量。%3</translation>
    </message>
    <message>
        <source>Export c&amp;hart…</source>
        <translation>导出图表(&amp;H)…</translation>
    </message>
    <message>
        <source>Save the charts of this page as a PNG or SVG image</source>
        <translation>将本页的图表保存为 PNG 或 SVG 图像</translation>
    </message>
    <message>
        <source>1×</source>
        <translation>1×</translation>
    </message>
    <message>
        <source>10×</source>
        <translation>10×</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt;</source>
        <translation>&lt;b&gt;回放&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No chart to export</source>
        <translation>没有可导出的图表</translation>
    </message>
    <message>
        <source>Show a timeline on the Live page, or select a row of a comparison, then export its chart.</source>
        <translation>请先在“实时”页面显示时间线，或在比较中选择一行，然后再导出其图表。</translation>
    </message>
    <message>
        <source>%1: the chart is saved as PNG or SVG; choose a file name ending in .png or .svg.</source>
        <translation>%1：图表只能保存为 PNG 或 SVG；请选择以 .png 或 .svg 结尾的文件名。</translation>
    </message>
    <message>
        <source>Cannot export the chart</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <source>Chart written to %1</source>
        <translation>图表已写入 %1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG image, for reports (*.svg)</source>
        <translation>SVG 图像，用于报告 (*.svg)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>A measurement is running and the Live page is showing it: stop it (Run → Stop), then open %1.</source>
        <translation>正在进行测量，“实时”页面正在显示它：请先停止测量（运行 → 停止采样），再打开 %1。</translation>
    </message>
    <message numerus="yes">
        <source> &lt;b&gt;Incomplete&lt;/b&gt;: the run never finished saving; its whole-run totals and metrics were computed from the %n interval(s) saved.</source>
        <translation>
            <numerusform> &lt;b&gt;不完整&lt;/b&gt;：该运行从未完成保存；整个运行的总计和指标是根据已保存的 %n 个区间计算的。</numerusform>
        </translation>
    </message>
    <message>
        <source>Start a measurement to see its counters here, or open a saved session (File → Open).</source>
        <translation>启动一次测量以在此查看其计数器，或打开已保存的会话（文件 → 打开）。</translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation>测量(&amp;S)</translation>
    </message>
    <message>
        <source>Added to the measurement: %1</source>
        <translation>已添加到测量：%1</translation>
    </message>
    <message>
        <source>Saved group %1 to %2: it is now in the measurement&apos;s group list</source>
        <translation>已将性能组 %1 保存到 %2：它现在位于测量的性能组列表中</translation>
    </message>
    <message>
        <source>Measurement</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Run a measurement or open a saved session first.</source>
        <translation>请先运行一次测量或打开已保存的会话。</translation>
    </message>
    <message>
        <source>O&amp;verview</source>
        <translation>概览(&amp;V)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of %1: &lt;b&gt;synthetic data&lt;/b&gt;, not measured on any machine (%2). %3</source>
        <translation>&lt;b&gt;回放&lt;/b&gt; %1：&lt;b&gt;合成数据&lt;/b&gt;，未在任何机器上测量（%2）。%3</translation>
    </message>
    <message>
        <source>H&amp;osts</source>
        <translation>主机(&amp;O)</translation>
    </message>
    <message>
        <source>Stop the measurement first: the Live page shows one run at a time</source>
        <translation>请先停止测量：“实时”页面一次只显示一次运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: live from its agent, from the next interval on</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：来自其代理的实时数据，从下一个区间开始</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>Watching %1</source>
        <translation>正在观察 %1</translation>
    </message>
    <message>
        <source>%1, host %2</source>
        <translation>%1，主机 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: live from its agent. %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：来自其代理的实时数据。%2</translation>
    </message>
    <message>
        <source>Cannot save the fleet session</source>
        <translation>无法保存集群会话</translation>
    </message>
    <message>
        <source>Fleet session saved to %1</source>
        <translation>集群会话已保存到 %1</translation>
    </message>
    <message>
        <source>Save fleet session</source>
        <translation>保存集群会话</translation>
    </message>
    <message>
        <source>%1 (host %2)</source>
        <translation>%1（主机 %2）</translation>
    </message>
    <message>
        <source>Live from %1, counting since %2</source>
        <translation>来自 %1 的实时数据，自 %2 起计数</translation>
    </message>
    <message>
        <source>The measurement goes on. The intervals that could not be saved are kept in memory, with the ones still to come, so none is lost.

To keep the whole run, choose File → Export report… when it has ended (Run → Stop ends it now) and save it as a .json report where there is room: it opens again like any session. Quitting perfdash, starting another run or opening another session before that loses the intervals kept in memory.</source>
        <translation>测量仍在继续。未能保存的区间与之后的区间都保存在内存中，没有丢失。

要保留整个运行，请在运行结束后（运行 → 停止 可立即结束）选择 文件 → 导出报告…，并在有空间的位置保存为 .json 报告：它可以像任何会话一样再次打开。在此之前退出 perfdash、开始另一次运行或打开另一个会话，都会丢失内存中的区间。</translation>
    </message>
    <message>
        <source>The run has ended. The intervals that could not be saved are kept in memory, so none is lost.

To keep the whole run, choose File → Export report… and save it as a .json report where there is room: it opens again like any session. Quitting perfdash, starting another run or opening another session before that loses the intervals kept in memory.</source>
        <translation>运行已结束。未能保存的区间保存在内存中，没有丢失。

要保留整个运行，请选择 文件 → 导出报告…，并在有空间的位置保存为 .json 报告：它可以像任何会话一样再次打开。在此之前退出 perfdash、开始另一次运行或打开另一个会话，都会丢失内存中的区间。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: its session could not be saved, so the intervals are kept in memory only: File → Export report… keeps them</source>
        <translation>&lt;b&gt;已完成&lt;/b&gt;：会话未能保存，区间仅保存在内存中：文件 → 导出报告… 可保留它们</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: its session could not be saved; the run was exported to %1</source>
        <translation>&lt;b&gt;已完成&lt;/b&gt;：会话未能保存；运行已导出到 %1</translation>
    </message>
    <message>
        <source>A measurement is running and its session could not be saved: quitting stops it, terminates a launched program and loses the intervals kept in memory (File → Export report… keeps them once it has ended). Quit anyway?</source>
        <translation>测量正在进行且其会话未能保存：退出将停止测量、终止启动的程序并丢失内存中的区间（运行结束后，文件 → 导出报告… 可保留它们）。仍要退出吗？</translation>
    </message>
    <message>
        <source>The last run&apos;s session could not be saved: quitting loses the intervals kept in memory (File → Export report… keeps them). Quit anyway?</source>
        <translation>上次运行的会话未能保存：退出将丢失内存中的区间（文件 → 导出报告… 可保留它们）。仍要退出吗？</translation>
    </message>
    <message>
        <source>Run not saved</source>
        <translation>运行未保存</translation>
    </message>
    <message>
        <source>%1; %2, then click the host again.</source>
        <translation>%1；%2，然后再次点击该主机。</translation>
    </message>
    <message>
        <source>Hotspots</source>
        <translation>热点</translation>
    </message>
    <message>
        <source>The samples of &lt;b&gt;%1&lt;/b&gt; cannot be read: %2</source>
        <translation>无法读取 &lt;b&gt;%1&lt;/b&gt; 的样本：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; holds counts only, no samples: &lt;code&gt;perfdash-cli record&lt;/code&gt; records both, and its session shows here where the events happen.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 只包含计数，没有样本：&lt;code&gt;perfdash-cli record&lt;/code&gt; 会同时录制两者，其会话会在此显示事件发生在哪里。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;: sampling; the first samples show here within a second.</source>
        <translation>&lt;b&gt;实时&lt;/b&gt;：正在采样；一秒内第一批样本将显示在这里。</translation>
    </message>
    <message>
        <source>The samples cannot be compared: %1</source>
        <translation>无法比较样本：%1</translation>
    </message>
    <message>
        <source>This run has no samples to show the hot functions of a time range: tick Sample by function too on the Measure page</source>
        <translation>本次运行没有样本，无法显示时间范围内的热点函数：请在测量页勾选“同时按函数采样”</translation>
    </message>
    <message>
        <source>This run has no samples of region %1 to show its hot functions: tick Sample by function too on the Measure page</source>
        <translation>本次运行没有区域 %1 的样本，无法显示其热点函数：请在测量页勾选“同时按函数采样”</translation>
    </message>
    <message>
        <source>No samples: tick &lt;i&gt;Sample by function too&lt;/i&gt; on the Measure page and start, to see here where the group&apos;s events happen, by function, source line and call stack, as the program runs. A session of &lt;code&gt;perfdash-cli record&lt;/code&gt; shows here too (File → Open).</source>
        <translation>没有样本：在测量页勾选&lt;i&gt;同时按函数采样&lt;/i&gt;并开始，即可在程序运行时在此按函数、源代码行和调用栈查看该组事件发生在哪里。&lt;code&gt;perfdash-cli record&lt;/code&gt; 的会话也显示在这里（文件 → 打开）。</translation>
    </message>
    <message>
        <source>&amp;Open session or perf.data…</source>
        <translation>打开会话或 perf.data(&amp;O)…</translation>
    </message>
    <message>
        <source>Cannot open the perf.data file</source>
        <translation>无法打开 perf.data 文件</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, a file of &lt;code&gt;perf record&lt;/code&gt;: samples only, no counts; its functions, call stacks and flame graph are on the Hotspots page</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，&lt;code&gt;perf record&lt;/code&gt; 的文件：只有采样，没有计数；其函数、调用栈和火焰图在“热点”页上</translation>
    </message>
    <message>
        <source>%1 holds samples, no counts: see the Hotspots page.</source>
        <translation>%1 只有采样，没有计数：请看“热点”页。</translation>
    </message>
    <message>
        <source>perfdash — %1 (perf record)</source>
        <translation>perfdash — %1 (perf record)</translation>
    </message>
    <message>
        <source>perf.data</source>
        <translation>perf.data</translation>
    </message>
    <message>
        <source>Open session or perf.data file</source>
        <translation>打开会话或 perf.data 文件</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasureSection</name>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>Performance groups</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Tick the groups to measure; select one to see its events and formulas</source>
        <translation>勾选要测量的性能组；选中一个可查看其事件和公式</translation>
    </message>
    <message>
        <source>e.g. page-faults,sched:sched_switch,cpu/event=0x3c/</source>
        <translation>例如 page-faults,sched:sched_switch,cpu/event=0x3c/</translation>
    </message>
    <message>
        <source>Events measured together as one set, besides the groups: perf names, pmu/…/ terms, tracepoints and libpfm4 names, separated by commas</source>
        <translation>除性能组外，作为一个集合一起测量的事件：perf 名称、pmu/…/ 项、跟踪点和 libpfm4 名称，用逗号分隔</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>totals only</source>
        <translation>仅总计</translation>
    </message>
    <message>
        <source>How often the counters are read for the timeline; &quot;totals only&quot; reads them at the end</source>
        <translation>为时间线读取计数器的频率；“仅总计”在结束时读取</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>until it ends or Stop</source>
        <translation>直到结束或停止</translation>
    </message>
    <message>
        <source>Stop after this long (a launched program is then terminated)</source>
        <translation>在此时长后停止（已启动的程序随之终止）</translation>
    </message>
    <message>
        <source>&amp;Events:</source>
        <translation>事件(&amp;E):</translation>
    </message>
    <message>
        <source>Inter&amp;val:</source>
        <translation>间隔(&amp;V):</translation>
    </message>
    <message>
        <source>Dura&amp;tion:</source>
        <translation>时长(&amp;T):</translation>
    </message>
    <message>
        <source>Saved groups no longer available here, left out: %1</source>
        <translation>已保存的性能组在本机不再可用，已略去：%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;For a program instrumented with the marker API: besides the whole program, every code region between &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; and &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; is counted per thread with the chosen groups, like likwid-perfctr -m. The results appear in the Regions view.&lt;/p&gt;&lt;p&gt;Build the program with &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; and link it with &lt;code&gt;-lperfdash_marker&lt;/code&gt;; call &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; once at the start and &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; at the end. A program written for likwid (&lt;code&gt;LIKWID_MARKER_*&lt;/code&gt;) needs only a rebuild against perfdash&apos;s &lt;code&gt;likwid-marker.h&lt;/code&gt;. Without the markers the run still counts the whole program and says that no regions were reported.&lt;/p&gt;&lt;p&gt;The whole guide: docs/marker.md.&lt;/p&gt;</source>
        <translation>&lt;p&gt;适用于使用 marker API 插桩的程序：除整个程序外，&lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; 与 &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; 之间的每个代码区域都会使用所选性能组按线程计数，类似 likwid-perfctr -m。结果显示在“区域”视图中。&lt;/p&gt;&lt;p&gt;使用 &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; 构建程序并链接 &lt;code&gt;-lperfdash_marker&lt;/code&gt;；在开始时调用一次 &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt;，在结束时调用 &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt;。为 likwid 编写的程序（&lt;code&gt;LIKWID_MARKER_*&lt;/code&gt;）只需针对 perfdash 的 &lt;code&gt;likwid-marker.h&lt;/code&gt; 重新构建。没有标记时，运行仍会对整个程序计数，并说明没有报告任何区域。&lt;/p&gt;&lt;p&gt;完整指南：docs/marker.md。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Count &amp;marker regions (the program uses the perfdash/likwid marker API)</source>
        <translation>对标记区域计数(&amp;M)（程序使用 perfdash/likwid marker API）</translation>
    </message>
    <message>
        <source>How to instrument a program</source>
        <translation>如何为程序插桩</translation>
    </message>
    <message>
        <source>Count wit&amp;h:</source>
        <translation>计数方式(&amp;H):</translation>
    </message>
    <message>
        <source>Regions:</source>
        <translation>区域:</translation>
    </message>
    <message>
        <source>Only a launched program can count its marker regions: they are counted inside the program that perfdash starts.</source>
        <translation>只有启动的程序才能对其标记区域计数：它们在 perfdash 启动的程序内部计数。</translation>
    </message>
    <message>
        <source>Samples the first group&apos;s leader (a software clock where this machine cannot sample it) and reads the group&apos;s other events with each sample, as perfdash-cli record does: the Hotspots page shows the functions, lines and call stacks live, and the session keeps the samples</source>
        <translation>对第一个组的主事件采样（本机无法采样时改用软件时钟），并随每个样本读取组内其他事件，与 perfdash-cli record 相同：热点页实时显示函数、源代码行和调用栈，会话保存这些样本</translation>
    </message>
    <message>
        <source> Hz</source>
        <translation> Hz</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>每秒采样数</translation>
    </message>
    <message>
        <source>About this many samples a second per thread or CPU (perf record -F)</source>
        <translation>每个线程或 CPU 每秒大约采样这么多次（perf record -F）</translation>
    </message>
    <message>
        <source>frame pointers</source>
        <translation>帧指针</translation>
    </message>
    <message>
        <source>DWARF unwinding</source>
        <translation>DWARF 栈回溯</translation>
    </message>
    <message>
        <source>no call stacks</source>
        <translation>不采调用栈</translation>
    </message>
    <message>
        <source>Call stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>How call stacks are taken: frame pointers (cheap; needs programs built with them), DWARF unwinding (any program with debug information; a copy of the stack per sample), or none</source>
        <translation>调用栈的获取方式：帧指针（开销小；程序需带帧指针编译）、DWARF 栈回溯（任何带调试信息的程序；每个样本复制一份栈），或不获取</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>采样：</translation>
    </message>
    <message>
        <source>Sample b&amp;y function too (Hotspots page)</source>
        <translation>同时按函数采样(&amp;Y)（热点页）</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasurementActions</name>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Start measuring what the form describes (uncountable events are left out)</source>
        <translation>按表单所述开始测量（不可计数的事件将略去）</translation>
    </message>
    <message>
        <source>Pause counting (the program keeps running); again to resume</source>
        <translation>暂停计数（程序继续运行）；再次点击以继续</translation>
    </message>
    <message>
        <source>End the measurement; a launched program still running is terminated</source>
        <translation>结束测量；仍在运行的已启动程序将被终止</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasurementLog</name>
    <message>
        <source>C&amp;lear Log</source>
        <translation>清空日志(&amp;L)</translation>
    </message>
    <message>
        <source>Program output</source>
        <translation>程序输出</translation>
    </message>
    <message>
        <source>The program&apos;s output appears here when a measurement runs.</source>
        <translation>测量运行时，程序的输出显示在此处。</translation>
    </message>
    <message>
        <source>Remove everything from the log</source>
        <translation>清除日志中的全部内容</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt;</source>
        <translation>&lt;b&gt;输出&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Started %1 (PID %2)</source>
        <translation>已启动 %1（PID %2）</translation>
    </message>
    <message>
        <source>Attached to process %1</source>
        <translation>已附加到进程 %1</translation>
    </message>
    <message>
        <source>Counting CPUs %1</source>
        <translation>正在计数 CPU %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>after %1 s</source>
        <translation>%1 秒后</translation>
    </message>
    <message>
        <source>Measurement interrupted (stopped before the end) %1</source>
        <translation>测量被中断（在结束前停止）%1</translation>
    </message>
    <message>
        <source>Measurement finished %1</source>
        <translation>测量已完成 %1</translation>
    </message>
    <message>
        <source>Program terminated by signal %1 (%2): exit status %3 %4</source>
        <translation>程序被信号 %1（%2）终止：退出状态 %3 %4</translation>
    </message>
    <message>
        <source>Program exited with status %1 %2</source>
        <translation>程序已退出，状态为 %1 %2</translation>
    </message>
</context>
<context>
    <name>perfdash::MetricValuesModel</name>
    <message>
        <source>Whole run (%1 s)</source>
        <translation>整个运行（%1 秒）</translation>
    </message>
    <message>
        <source>Latest interval (t = %1 s)</source>
        <translation>最新间隔（t = %1 秒）</translation>
    </message>
    <message>
        <source>The lowest coverage of the group&apos;s events: below 100% the events were multiplexed and scaled up</source>
        <translation>该性能组事件中的最低覆盖率：低于 100% 表示事件经过多路复用并按比例放大</translation>
    </message>
    <message>
        <source>n/a: an input of the formula was not counted, or it divided by zero</source>
        <translation>不可用：公式的某个输入未被计数，或发生了除以零</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Aggregate</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 在 %2 上</translation>
    </message>
    <message>
        <source>  on %1</source>
        <translation>  在 %1 上</translation>
    </message>
    <message>
        <source>n/a: an input of the formula is not split by core type (package energy, uncore), or was not counted on these cores</source>
        <translation>不可用：公式的某个输入不按核心类型划分（封装能耗、uncore），或未在这些核心上计数</translation>
    </message>
    <message>
        <source>%1 (without absent boxes)</source>
        <translation>%1（不含缺少的单元）</translation>
    </message>
</context>
<context>
    <name>perfdash::OverviewPage</name>
    <message>
        <source>&lt;b&gt;Phases&lt;/b&gt;</source>
        <translation>&lt;b&gt;阶段&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Start a measurement or open a saved session: its key figures appear here.</source>
        <translation>开始一次测量或打开已保存的会话：其关键指标将显示在这里。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measuring now&lt;/b&gt;: the tiles show the latest interval; the whole run&apos;s figures and its context follow when it ends.</source>
        <translation>&lt;b&gt;正在测量&lt;/b&gt;：磁贴显示最近一个区间；整次运行的指标及其上下文在结束后显示。</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>已录制</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>不完整</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Whole run: each figure is its metric over the whole run.</source>
        <translation>整次运行：每个数值都是该指标在整次运行上的值。</translation>
    </message>
    <message>
        <source>Latest interval (t = %1 s).</source>
        <translation>最近区间（t = %1 秒）。</translation>
    </message>
    <message>
        <source>About %1…</source>
        <translation>关于 %1…</translation>
    </message>
    <message>
        <source>What the group counts, its formulas and how to read its metrics</source>
        <translation>该组计数的内容、公式以及如何解读其指标</translation>
    </message>
    <message>
        <source>One phase: no key figure changed its level markedly during the run.</source>
        <translation>单一阶段：运行期间没有关键指标明显改变水平。</translation>
    </message>
    <message>
        <source>No timeline yet: phases are found in the run&apos;s intervals.</source>
        <translation>尚无时间线：阶段是在运行的区间中查找的。</translation>
    </message>
    <message>
        <source>Where a key figure&apos;s level changes markedly: each series is split where that explains the most variance beyond its noise (binary segmentation), and a boundary is kept where the medians on both sides differ by a quarter or more; a phase lasts at least 5 % of the run. The dashed lines on the tiles mark them; each figure below is its mean over the phase&apos;s intervals.</source>
        <translation>关键指标水平明显变化之处：每个序列在最能解释超出噪声的方差处被分割（二分分割），若两侧中位数相差四分之一或更多则保留该边界；每个阶段至少占运行时间的 5%。磁贴上的虚线标出边界；下表每个数值是该阶段各区间的平均值。</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>From – to</source>
        <translation>起 – 止</translation>
    </message>
    <message>
        <source>%1 – %2 s</source>
        <translation>%1 – %2 秒</translation>
    </message>
    <message>
        <source>About %1</source>
        <translation>关于 %1</translation>
    </message>
    <message>
        <source>This run recorded no intervals, so it has no phases: choose an interval to record a timeline.</source>
        <translation>此次运行未记录任何区间，因此没有阶段：请选择一个区间以记录时间线。</translation>
    </message>
    <message>
        <source>Synthetic</source>
        <translation>合成</translation>
    </message>
    <message>
        <source>&lt;b&gt;Connecting to %1…&lt;/b&gt; Its figures appear with its first interval.</source>
        <translation>&lt;b&gt;正在连接 %1…&lt;/b&gt; 其数据将随第一个区间出现。</translation>
    </message>
    <message>
        <source>Double-click a phase to see its hot functions on the Hotspots page (a session recorded with samples: perfdash-cli record)</source>
        <translation>双击某个阶段，可在“热点”页查看其热点函数（需为带样本录制的会话：perfdash-cli record）</translation>
    </message>
    <message>
        <source>Where?</source>
        <translation>在哪里？</translation>
    </message>
    <message>
        <source>Where do %1&apos;s figures come from?</source>
        <translation>%1 的数值来自哪里？</translation>
    </message>
    <message>
        <source>Run the same target again, sampling %1&apos;s events, and show on the Hotspots page the functions, lines and call stacks its metrics come from</source>
        <translation>再次运行同一目标并对 %1 的事件采样，在热点页显示其指标来自哪些函数、源代码行和调用栈</translation>
    </message>
</context>
<context>
    <name>perfdash::OverviewTileModel</name>
    <message>
        <source>n/a: not counted here: %1</source>
        <translation>不可用：此处无法计数：%1</translation>
    </message>
    <message>
        <source>n/a: an input of the formula has no value, or it divided by zero</source>
        <translation>不可用：公式的某个输入没有值，或发生了除以零</translation>
    </message>
    <message>
        <source>coverage %1</source>
        <translation>覆盖率 %1</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
    <message>
        <source>past the vendor&apos;s threshold (%1) given in the group file</source>
        <translation>超过组文件中给出的厂商阈值（%1）</translation>
    </message>
</context>
<context>
    <name>perfdash::PlanModel</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Events of the group that will be counted here: %1 of %2</source>
        <translation>该组在本机将被计数的事件：%1 / %2</translation>
    </message>
    <message>
        <source>will be counted</source>
        <translation>将被计数</translation>
    </message>
    <message>
        <source>%1, written as %2</source>
        <translation>%1，写作 %2</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>已计数</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>未计数</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>On the %1 CPUs (%2 of them): type %3, config 0x%4</source>
        <translation>在 %1 类型的 CPU 上（共 %2 个）：类型 %3，config 0x%4</translation>
    </message>
    <message>
        <source>will be counted on the %1 CPUs</source>
        <translation>将在 %1 类型的 CPU 上计数</translation>
    </message>
    <message>
        <source>likwid&apos;s code: %1</source>
        <translation>likwid 的编码：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::PlanPreview</name>
    <message>
        <source>&lt;b&gt;What will be counted&lt;/b&gt;</source>
        <translation>&lt;b&gt;将计数的内容&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Planned events</source>
        <translation>计划的事件</translation>
    </message>
    <message>
        <source>Countable here: all events (%1).</source>
        <translation>本机可计数：全部事件（%1）。</translation>
    </message>
    <message>
        <source>Countable here: %1 of %2 events. Start counts those and leaves the others out.</source>
        <translation>本机可计数：%2 个事件中的 %1 个。开始后将计数这些事件，其余略去。</translation>
    </message>
    <message>
        <source>Fix the target first to start (see its messages).</source>
        <translation>请先修正目标才能开始（参见其消息）。</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Complete the form to see what will be counted.</source>
        <translation>填写表单以查看将计数的内容。</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs, without multiplexing.</source>
        <translation>%1 后端对整个 CPU 计数，不使用多路复用。</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs (%2), every process and the kernel there, without multiplexing.</source>
        <translation>%1 后端对整个 CPU（%2）计数，包括其上的所有进程和内核，不使用多路复用。</translation>
    </message>
    <message>
        <source>Marker regions: the program&apos;s regions are counted per thread with these groups, besides the whole program.</source>
        <translation>标记区域：除整个程序外，程序的各区域会使用这些性能组按线程计数。</translation>
    </message>
</context>
<context>
    <name>perfdash::ProbeRunner</name>
    <message>
        <source>measuring the core clock</source>
        <translation>正在测量核心时钟</translation>
    </message>
    <message>
        <source>The ceilings are measured on x86-64 and AArch64 only.</source>
        <translation>上限只在 x86-64 和 AArch64 上测量。</translation>
    </message>
</context>
<context>
    <name>perfdash::ProbesPage</name>
    <message>
        <source>Machine probes</source>
        <translation>机器探测</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>取消(&amp;N)</translation>
    </message>
    <message>
        <source>Stops the running probe after the kernel run it is in (Esc).</source>
        <translation>在当前内核运行结束后停止正在运行的探测（Esc）。</translation>
    </message>
    <message>
        <source>&amp;Catalog</source>
        <translation>目录(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Results</source>
        <translation>结果(&amp;R)</translation>
    </message>
    <message>
        <source>Custom &amp;instruction</source>
        <translation>自定义指令(&amp;I)</translation>
    </message>
    <message>
        <source>C&amp;lock</source>
        <translation>时钟(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Max IPC</source>
        <translation>最大 IPC(&amp;M)</translation>
    </message>
    <message>
        <source>Measuring %1 (%2 of %3)…</source>
        <translation>正在测量 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <source>Nothing measured yet. Every value on this page is measured on this machine when you run a probe; reference values come only from a table you load.</source>
        <translation>尚未测量任何内容。此页面上的每个值都是在您运行探测时在本机测量的；参考值仅来自您加载的表。</translation>
    </message>
    <message>
        <source>No instruction catalog: %1</source>
        <translation>没有指令目录：%1</translation>
    </message>
    <message>
        <source>where the probe starts</source>
        <translation>探测启动的位置</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>The CPU the probes pin themselves to.</source>
        <translation>探测绑定到的 CPU。</translation>
    </message>
    <message>
        <source>Real-time priorit&amp;y (SCHED_FIFO)</source>
        <translation>实时优先级(&amp;Y)（SCHED_FIFO）</translation>
    </message>
    <message>
        <source>Steadier numbers, but the probe takes its CPU from everything else while it runs.</source>
        <translation>数值更稳定，但探测运行期间会独占其 CPU。</translation>
    </message>
    <message>
        <source>C&amp;PU:</source>
        <translation>CPU(&amp;P):</translation>
    </message>
    <message>
        <source>Rep&amp;etitions:</source>
        <translation>重复次数(&amp;E):</translation>
    </message>
    <message>
        <source>Measured on this machine. Where and how appears here once a probe has run.</source>
        <translation>在本机测量。探测运行后，这里会显示测量位置和方式。</translation>
    </message>
    <message>
        <source>This is a virtual machine (CPU flag &apos;hypervisor&apos;): timings include the hypervisor&apos;s interference.</source>
        <translation>这是虚拟机（CPU 标志“hypervisor”）：计时包含虚拟机监控程序的干扰。</translation>
    </message>
    <message>
        <source>Filter by name, category, template or description</source>
        <translation>按名称、类别、模板或描述筛选</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F):</translation>
    </message>
    <message>
        <source>Run &amp;selected</source>
        <translation>运行所选项(&amp;S)</translation>
    </message>
    <message>
        <source>Measures the selected entries (also: double-click or Return).</source>
        <translation>测量所选条目（也可双击或按 Return）。</translation>
    </message>
    <message>
        <source>Run &amp;all shown</source>
        <translation>运行所有显示项(&amp;A)</translation>
    </message>
    <message>
        <source>Measures every entry the filter shows that this CPU can run.</source>
        <translation>测量筛选器显示的、此 CPU 可以运行的所有条目。</translation>
    </message>
    <message>
        <source>Reference &amp;table…</source>
        <translation>参考表(&amp;T)…</translation>
    </message>
    <message>
        <source>Compare with the rows of one microarchitecture only.</source>
        <translation>仅与某一微架构的行进行比较。</translation>
    </message>
    <message>
        <source>Clear results</source>
        <translation>清除结果</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Sample e&amp;very:</source>
        <translation>采样间隔(&amp;V):</translation>
    </message>
    <message>
        <source>&amp;Start sampling</source>
        <translation>开始采样(&amp;S)</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>The clock is measured with a chain of dependent adds (one per cycle), next to the clocks the system reports.</source>
        <translation>时钟通过一条相互依赖的加法链（每周期一次）测量，并与系统报告的时钟并列显示。</translation>
    </message>
    <message>
        <source>Up to c&amp;hains:</source>
        <translation>最多链数(&amp;H):</translation>
    </message>
    <message>
        <source>Run IPC pro&amp;be</source>
        <translation>运行 IPC 探测(&amp;B)</translation>
    </message>
    <message>
        <source>1 to N independent chains of integer adds, FP adds, loads and nops; the plateau of each curve is the issue width for that kind.</source>
        <translation>1 到 N 条独立的整数加法、浮点加法、加载和 nop 链；每条曲线的平台值即该类指令的发射宽度。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Select entries in the catalog first (or use Run all shown).</source>
        <translation>请先在目录中选择条目（或使用“运行所有显示项”）。</translation>
    </message>
    <message numerus="yes">
        <source>Left out %n entries this CPU cannot run (see the catalog&apos;s Runs here column).</source>
        <translation>
            <numerusform>已略过 %n 个此 CPU 无法运行的条目（参见目录的“本机可运行”列）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Sampling the clock of CPU %1 every %2 s…</source>
        <translation>每 %2 秒采样一次 CPU %1 的时钟…</translation>
    </message>
    <message>
        <source>Clock sampling stopped.</source>
        <translation>时钟采样已停止。</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled; the %n result(s) measured before are kept.</source>
        <translation>
            <numerusform>已取消；之前测得的 %n 个结果已保留。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not run the probe: %1</source>
        <translation>无法运行探测：%1</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n result(s).</source>
        <translation>
            <numerusform>完成：%n 个结果。</numerusform>
        </translation>
    </message>
    <message>
        <source>Done: max IPC measured.</source>
        <translation>完成：已测量最大 IPC。</translation>
    </message>
    <message>
        <source>Measured on this machine: %1, CPU %2, %3. Cycles from %4.</source>
        <translation>在本机测量：%1，CPU %2，%3。周期数来自 %4。</translation>
    </message>
    <message>
        <source>This is a virtual machine: timings include the hypervisor&apos;s interference.</source>
        <translation>这是虚拟机：计时包含虚拟机监控程序的干扰。</translation>
    </message>
    <message>
        <source>CPU %1: measured n/a: %2</source>
        <translation>CPU %1：测量值不可用：%2</translation>
    </message>
    <message>
        <source>%1 %2 (reported)</source>
        <translation>%1 %2（系统报告）</translation>
    </message>
    <message>
        <source>%1 n/a: %2</source>
        <translation>%1 不可用：%2</translation>
    </message>
    <message>
        <source>%1: n/a: %2</source>
        <translation>%1：不可用：%2</translation>
    </message>
    <message>
        <source>%1: plateau %2 IPC from %3 chains.</source>
        <translation>%1：从 %3 条链起达到 %2 IPC 的平台。</translation>
    </message>
    <message>
        <source>%1: plateau n/a: %2.</source>
        <translation>%1：平台不可用：%2。</translation>
    </message>
    <message>
        <source>Every timing reads n/a: %1.</source>
        <translation>所有计时均不可用：%1。</translation>
    </message>
    <message>
        <source>Reference table</source>
        <translation>参考表</translation>
    </message>
    <message numerus="yes">
        <source>Reference values from %1 (%n row(s)); they are not measured here.</source>
        <translation>
            <numerusform>来自 %1 的参考值（%n 行）；它们不是在本机测量的。</numerusform>
        </translation>
    </message>
    <message>
        <source>all microarchitectures</source>
        <translation>所有微架构</translation>
    </message>
    <message>
        <source>&amp;Stop sampling</source>
        <translation>停止采样(&amp;S)</translation>
    </message>
    <message>
        <source>%1 of %2 entries</source>
        <translation>%1 / %2 个条目</translation>
    </message>
    <message>
        <source>Timed runs of each kernel, at least: more follow until each kernel&apos;s fastest run repeats. Results come from the fastest runs; medians are in the tooltips.</source>
        <translation>每个内核至少计时运行的次数：之后继续运行，直到每个内核最快的一次运行再次出现。结果取自最快的运行；中位数见工具提示。</translation>
    </message>
    <message>
        <source>CPU %1: measured %2 (median runs %3)</source>
        <translation>CPU %1：测得 %2（中位数运行 %3）</translation>
    </message>
    <message>
        <source>Time between two clock measurements (each takes about a third of a second).</source>
        <translation>两次时钟测量之间的时间（每次约需三分之一秒）。</translation>
    </message>
    <message>
        <source>A published table you have (an InstLatx64 text file, uops.info&apos;s instructions.xml) or a CSV with mnemonic, operands, latency, recip_throughput, microarchitecture, source columns, e.g. your own notes.</source>
        <translation>您拥有的公开表格（InstLatx64 文本文件、uops.info 的 instructions.xml），或包含 mnemonic, operands, latency, recip_throughput, microarchitecture, source 列的 CSV，例如您自己的记录。</translation>
    </message>
    <message>
        <source>No reference table loaded: reference and difference read n/a. perfdash ships no reference values.</source>
        <translation>未加载参考表：参考值和差值显示为 n/a。perfdash 不附带任何参考值。</translation>
    </message>
    <message>
        <source>Reference tables (*.csv *.txt *.xml);;All files (*)</source>
        <translation>参考表 (*.csv *.txt *.xml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Ceili&amp;ngs</source>
        <translation>上限(&amp;N)</translation>
    </message>
    <message>
        <source>Measured now; saved as %1 for the roofline.</source>
        <translation>已测量；已保存为 %1，供屋顶线使用。</translation>
    </message>
    <message>
        <source>Measured now, but not saved: %1</source>
        <translation>已测量，但未保存：%1</translation>
    </message>
    <message>
        <source>1, per core, all</source>
        <translation>1、每核一个、全部</translation>
    </message>
    <message>
        <source>Pinned threads, one per core first, then SMT siblings; the lowest value measures 1 thread, one per core and every hardware thread in turn.</source>
        <translation>固定到 CPU 的线程，先每个核心一个，再加 SMT 兄弟线程；最小值依次测量 1 个线程、每核一个线程和全部硬件线程。</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>线程(&amp;H)：</translation>
    </message>
    <message>
        <source>Measure cei&amp;lings</source>
        <translation>测量上限(&amp;L)</translation>
    </message>
    <message>
        <source>Bandwidth of load, store, copy, triad and update in L1, L2, L3 and DRAM, peak FLOP/s, and a working-set sweep; a few minutes.</source>
        <translation>L1、L2、L3 和 DRAM 中 load、store、copy、triad 和 update 的带宽，峰值 FLOP/s，以及工作集扫描；需要几分钟。</translation>
    </message>
    <message>
        <source>Loaded from %1.</source>
        <translation>从 %1 载入。</translation>
    </message>
    <message>
        <source>Per cycle of the measured clock, %1 GHz (not the TSC).</source>
        <translation>按测得的时钟 %1 GHz 的周期计（不是 TSC）。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Done: ceilings measured.</source>
        <translation>完成：上限已测量。</translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessListModel</name>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessPicker</name>
    <message>
        <source>&amp;Kernel threads</source>
        <translation>内核线程(&amp;K)</translation>
    </message>
    <message>
        <source>Filter by PID, user or command</source>
        <translation>按 PID、用户或命令筛选</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>进程筛选</translation>
    </message>
    <message>
        <source>List the kernel&apos;s own threads too</source>
        <translation>同时列出内核自身的线程</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Read the process list again</source>
        <translation>重新读取进程列表</translation>
    </message>
    <message>
        <source>Running processes</source>
        <translation>正在运行的进程</translation>
    </message>
    <message>
        <source>Attach to process %1: %2</source>
        <translation>附加到进程 %1：%2</translation>
    </message>
    <message>
        <source>Processes shown: %1. Select the one to attach to.</source>
        <translation>显示的进程：%1。请选择要附加的进程。</translation>
    </message>
</context>
<context>
    <name>perfdash::RecentSessionsModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Could not delete: %1</source>
        <translation>无法删除：%1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>incomplete (never finished)</source>
        <translation>不完整（从未结束）</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>signal %1 (exit %2)</source>
        <translation>信号 %1（退出码 %2）</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>程序</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束状态</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionChartModel</name>
    <message>
        <source>Time [s]</source>
        <translation>时间 [秒]</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>TID %1</source>
        <translation>TID %1</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionListModel</name>
    <message>
        <source>The longest of its threads&apos; times in the region: its span when they ran in parallel</source>
        <translation>其各线程在该区域中时间的最大值：即线程并行运行时的跨度</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>时间 [秒]</translation>
    </message>
    <message>
        <source>Partial: only %1 of %2 threads have a recorded call count; they add up to %3, a lower bound of the region&apos;s calls</source>
        <translation>部分：%2 个线程中只有 %1 个记录了调用次数；其和为 %3，是该区域调用次数的下限</translation>
    </message>
    <message>
        <source>No thread has a recorded call count</source>
        <translation>没有线程记录了调用次数</translation>
    </message>
    <message>
        <source>Partial: only %1 of %2 threads have a recorded time; the longest of them, %3 s, is a lower bound of the region&apos;s time</source>
        <translation>部分：%2 个线程中只有 %1 个记录了时间；其中最长的 %3 秒是该区域时间的下限</translation>
    </message>
    <message>
        <source>No thread has a recorded time</source>
        <translation>没有线程记录了时间</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionTableModel</name>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>The region as a whole: calls summed over its threads, the longest thread&apos;s time, event totals, and the metrics&apos; formulas applied to the totals with that time</source>
        <translation>区域整体：各线程调用次数之和、最长线程的时间、事件总计，以及用该时间对总计应用的指标公式</translation>
    </message>
    <message>
        <source>Not recorded for this thread</source>
        <translation>此线程未记录</translation>
    </message>
    <message>
        <source>Not counted; no reason was recorded</source>
        <translation>未计数；未记录原因</translation>
    </message>
    <message>
        <source>Not counted: %1</source>
        <translation>未计数：%1</translation>
    </message>
    <message>
        <source>Not available: an input of %1 was not counted, or it divided by zero</source>
        <translation>不可用：%1 的某个输入未被计数，或发生了除以零</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>时间 [秒]</translation>
    </message>
    <message>
        <source>Wall time inside the region, summed over its calls</source>
        <translation>区域内的实际时间，按其调用次数求和</translation>
    </message>
    <message>
        <source>Event %1 on counter %2</source>
        <translation>事件 %1，计数器 %2</translation>
    </message>
    <message>
        <source>Metric: %1</source>
        <translation>指标：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionsView</name>
    <message>
        <source>&lt;p&gt;To count regions: in the session setup, launch the program and tick &lt;b&gt;Count marker regions&lt;/b&gt;. The program must use the marker API: &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; and &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; around the code to count, &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; at the start and &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; at the end, built with &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; and linked with &lt;code&gt;-lperfdash_marker&lt;/code&gt;. Programs written for likwid&apos;s &lt;code&gt;LIKWID_MARKER_*&lt;/code&gt; need only a rebuild against perfdash&apos;s &lt;code&gt;likwid-marker.h&lt;/code&gt;. See docs/marker.md.&lt;/p&gt;</source>
        <translation>&lt;p&gt;要对区域计数：在会话设置中启动程序并勾选&lt;b&gt;对标记区域计数&lt;/b&gt;。程序必须使用 marker API：在要计数的代码前后使用 &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; 和 &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt;，在开始时使用 &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt;，在结束时使用 &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt;，使用 &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; 构建并链接 &lt;code&gt;-lperfdash_marker&lt;/code&gt;。为 likwid 的 &lt;code&gt;LIKWID_MARKER_*&lt;/code&gt; 编写的程序只需针对 perfdash 的 &lt;code&gt;likwid-marker.h&lt;/code&gt; 重新构建。参见 docs/marker.md。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No regions</source>
        <translation>没有区域</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>Region per thread</source>
        <translation>按线程的区域</translation>
    </message>
    <message>
        <source>&lt;b&gt;Regions&lt;/b&gt;</source>
        <translation>&lt;b&gt;区域&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Quantity to chart</source>
        <translation>要绘制的量</translation>
    </message>
    <message>
        <source>&amp;Side by side</source>
        <translation>并排(&amp;S)</translation>
    </message>
    <message>
        <source>Stac&amp;ked</source>
        <translation>堆叠(&amp;K)</translation>
    </message>
    <message>
        <source>One bar per thread in each region</source>
        <translation>每个区域中每个线程一根柱</translation>
    </message>
    <message>
        <source>The threads&apos; bars on top of each other: the height is their sum</source>
        <translation>各线程的柱相互堆叠：高度为它们的总和</translation>
    </message>
    <message>
        <source>Regions chart</source>
        <translation>区域图表</translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation>图表(&amp;C):</translation>
    </message>
    <message>
        <source>&lt;h3&gt;This run did not count marker regions&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;本次运行未对标记区域计数&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The program reported no regions&lt;/h3&gt;&lt;p&gt;The run counted in marker mode, but no region results came back from the program.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;程序未报告任何区域&lt;/h3&gt;&lt;p&gt;本次运行以标记模式计数，但程序没有返回任何区域结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The run&apos;s warnings:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;本次运行的警告：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;No regions yet&lt;/h3&gt;&lt;p&gt;Marker regions are parts of a program (a loop, a function) counted on their own, per thread: calls, time, events and the group&apos;s metrics. They appear here when a measurement in marker mode finishes.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;尚无区域&lt;/h3&gt;&lt;p&gt;标记区域是程序中单独按线程计数的部分（一个循环、一个函数）：调用次数、时间、事件以及性能组的指标。标记模式下的测量结束后，它们会显示在这里。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 个线程</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <source>&lt;b&gt;Region %1&lt;/b&gt;, group %2, %3; the last row is the region as a whole</source>
        <translation>&lt;b&gt;区域 %1&lt;/b&gt;，性能组 %2，%3；最后一行为区域整体</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>%1 per region and thread</source>
        <translation>按区域和线程的 %1</translation>
    </message>
    <message>
        <source>Some threads have no value here (n/a: not counted, or not computable): they have no bar; the table shows why.</source>
        <translation>部分线程在此没有值（不可用：未计数或无法计算）：它们没有柱；原因见表格。</translation>
    </message>
    <message>
        <source>Stacked bars add the threads&apos; values; for a rate or a ratio the sum is not the region&apos;s value (the table&apos;s last row has that).</source>
        <translation>堆叠柱会将各线程的值相加；对于速率或比率，总和并不是区域的值（区域的值见表格最后一行）。</translation>
    </message>
    <message>
        <source>Some threads have no value here (n/a: not counted, or not computable): they have no bar, so a stack without them is partial, not the region&apos;s total; the table shows why.</source>
        <translation>部分线程在此没有值（不可用：未计数或无法计算）：它们没有柱，因此缺少它们的堆叠只是部分值，而不是区域的总计；原因见表格。</translation>
    </message>
    <message>
        <source>Double-click a region to see its hot functions on the Hotspots page (a session recorded with samples and regions: perfdash-cli record -m)</source>
        <translation>双击某个区域，可在“热点”页查看其热点函数（需为带样本和区域录制的会话：perfdash-cli record -m）</translation>
    </message>
</context>
<context>
    <name>perfdash::ReplayActions</name>
    <message>
        <source>Replay &amp;from start</source>
        <translation>从头回放(&amp;F)</translation>
    </message>
    <message>
        <source>Pa&amp;use replay</source>
        <translation>暂停回放(&amp;U)</translation>
    </message>
    <message>
        <source>Replay at &amp;1× (as recorded)</source>
        <translation>以 1× 回放，按录制速度(&amp;1)</translation>
    </message>
    <message>
        <source>Replay at 1&amp;0×</source>
        <translation>以 10× 回放(&amp;0)</translation>
    </message>
    <message>
        <source>Show &amp;all (jump to end)</source>
        <translation>全部显示，跳到末尾(&amp;A)</translation>
    </message>
    <message>
        <source>Play the open session&apos;s timeline again from its start, paced by its recorded times</source>
        <translation>按录制时的时间节奏，从头重新回放已打开会话的时间线</translation>
    </message>
    <message>
        <source>Show the rest of the session&apos;s timeline at once</source>
        <translation>立即显示会话时间线的其余部分</translation>
    </message>
    <message>
        <source>Replay as fast as the session was recorded</source>
        <translation>按会话录制时的速度回放</translation>
    </message>
    <message>
        <source>Replay ten times faster than the session was recorded</source>
        <translation>以会话录制速度的十倍回放</translation>
    </message>
    <message>
        <source>Res&amp;ume replay</source>
        <translation>继续回放(&amp;U)</translation>
    </message>
</context>
<context>
    <name>perfdash::ReplayController</name>
    <message>
        <source>all at once</source>
        <translation>一次全部</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Replay ready: %1</source>
        <translation>回放就绪：%1</translation>
    </message>
    <message>
        <source>Replay %1: %2</source>
        <translation>回放 %1：%2</translation>
    </message>
    <message>
        <source>Replay paused at %1</source>
        <translation>回放已暂停于 %1</translation>
    </message>
    <message>
        <source>Replay finished</source>
        <translation>回放已结束</translation>
    </message>
</context>
<context>
    <name>perfdash::RooflineChart</name>
    <message numerus="yes">
        <source>Roofline: %n roof(s), %1 point(s)</source>
        <translation>
            <numerusform>屋顶线：%n 条上限，%1 个点</numerusform>
        </translation>
    </message>
    <message>
        <source>arithmetic intensity [FLOP/byte]</source>
        <translation>算术强度 [FLOP/字节]</translation>
    </message>
    <message>
        <source>performance [FLOP/s]</source>
        <translation>性能 [FLOP/s]</translation>
    </message>
</context>
<context>
    <name>perfdash::RooflineView</name>
    <message>
        <source>Ceilings file...</source>
        <translation>上限文件...</translation>
    </message>
    <message>
        <source>Draw the roofs of another ceilings file (perfdash-cli ceilings --json -o FILE)</source>
        <translation>绘制另一个上限文件的上限（perfdash-cli ceilings --json -o FILE）</translation>
    </message>
    <message>
        <source>no ceilings at %1: measure them on the Probes page&apos;s Ceilings tab (or with perfdash-cli ceilings --json -o %1), or choose a file with the Ceilings file button</source>
        <translation>%1 没有上限：在“探测”页的“上限”选项卡测量（或用 perfdash-cli ceilings --json -o %1），或用“上限文件”按钮选择文件</translation>
    </message>
    <message>
        <source>Ceilings file</source>
        <translation>上限文件</translation>
    </message>
    <message>
        <source>Ceilings (*.json)</source>
        <translation>上限 (*.json)</translation>
    </message>
    <message>
        <source>Ceilings %1, from %2</source>
        <translation>上限 %1，来自 %2</translation>
    </message>
    <message>
        <source> (CPU: %1)</source>
        <translation>（CPU：%1）</translation>
    </message>
    <message>
        <source>No roofs: %1.</source>
        <translation>没有上限：%1。</translation>
    </message>
    <message>
        <source>Nothing to draw: no roofs (see above) and no points.</source>
        <translation>无可绘制：没有上限（见上）也没有点。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Synthetic data:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;合成数据：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Points: %1</source>
        <translation>点：%1</translation>
    </message>
    <message>
        <source>No interval yet.</source>
        <translation>尚无区间。</translation>
    </message>
    <message>
        <source>No run yet: start one on the Measure page, or open a session.</source>
        <translation>尚无运行：在“测量”页开始一次，或打开一个会话。</translation>
    </message>
    <message>
        <source>No points: the run has no FLOP rate with a memory traffic to set it against.</source>
        <translation>没有点：该运行没有可与内存流量对照的 FLOP 速率。</translation>
    </message>
    <message>
        <source>Missing: %1</source>
        <translation>缺少：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::RunSummaryChart</name>
    <message>
        <source>%1 (total count)</source>
        <translation>%1（总计数）</translation>
    </message>
    <message>
        <source>an input of the formula was not counted here, or the formula divided by zero</source>
        <translation>公式的某个输入在此未被计数，或公式发生了除以零</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S):</translation>
    </message>
    <message>
        <source>The run summary appears here when the run is over.</source>
        <translation>运行结束后，运行摘要会显示在这里。</translation>
    </message>
    <message>
        <source>Nothing was measured in this run: no group had events or metrics.</source>
        <translation>本次运行未测量任何内容：没有任何性能组包含事件或指标。</translation>
    </message>
    <message>
        <source>per location</source>
        <translation>按位置</translation>
    </message>
    <message>
        <source>%1 (n/a)</source>
        <translation>%1（不可用）</translation>
    </message>
    <message>
        <source>n/a everywhere: %1</source>
        <translation>所有位置均不可用：%1</translation>
    </message>
    <message>
        <source>No value (n/a) for: %1</source>
        <translation>无值（不可用）：%1</translation>
    </message>
    <message>
        <source>The %1 is partial, not the total: %2</source>
        <translation>%1 只是部分值，而非总计：%2</translation>
    </message>
    <message>
        <source>%1 (reading at the end)</source>
        <translation>%1（结束时的读数）</translation>
    </message>
</context>
<context>
    <name>perfdash::SaveGroupDialog</name>
    <message>
        <source>Save event set as a performance group</source>
        <translation>将事件集保存为性能组</translation>
    </message>
    <message>
        <source>e.g. MY_CACHE</source>
        <translation>例如 MY_CACHE</translation>
    </message>
    <message>
        <source>Events chosen in the event browser</source>
        <translation>在事件浏览器中选择的事件</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Optional, one per line: a name, then the formula as one word over the slot names, e.g.
Load misses per second  DTLB_LOAD_MISSES/time</source>
        <translation>可选，每行一个：先写名称，再写由槽位名称组成的单个词公式，例如
每秒加载未命中数  DTLB_LOAD_MISSES/time</translation>
    </message>
    <message>
        <source>Optional: what the group measures and how to read it.</source>
        <translation>可选：该组测量什么以及如何解读。</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N):</translation>
    </message>
    <message>
        <source>&amp;Short description:</source>
        <translation>简短描述(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;Metrics:</source>
        <translation>指标(&amp;M):</translation>
    </message>
    <message>
        <source>&amp;Long description:</source>
        <translation>详细描述(&amp;L):</translation>
    </message>
    <message>
        <source>File preview</source>
        <translation>文件预览</translation>
    </message>
    <message>
        <source>Replace group file?</source>
        <translation>替换性能组文件？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it with this event set?</source>
        <translation>%1 已存在。要用此事件集替换它吗？</translation>
    </message>
    <message>
        <source>Name the group: letters, digits, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>为性能组命名：可用字母、数字、“_”和“-”。</translation>
    </message>
    <message>
        <source>Write a short description (the SHORT line).</source>
        <translation>请填写简短描述（SHORT 行）。</translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation>请选择文件夹。</translation>
    </message>
    <message>
        <source>Will be saved as %1</source>
        <translation>将保存为 %1</translation>
    </message>
    <message>
        <source>Folder for the group file</source>
        <translation>性能组文件所在的文件夹</translation>
    </message>
    <message>
        <source>Not saved: %1 already exists. Choose another name or confirm replacing it.</source>
        <translation>未保存：%1 已存在。请另选名称或确认替换。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>perfdash::SeriesNames</name>
    <message>
        <source>events/s</source>
        <translation>事件/秒</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>aggregate</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>average</source>
        <translation>平均值</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionComparisonModel</name>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>, started %1</source>
        <translation>，开始于 %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source> (incomplete)</source>
        <translation> (不完整)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>not in A</source>
        <translation>A 中没有</translation>
    </message>
    <message>
        <source>not in B</source>
        <translation>B 中没有</translation>
    </message>
    <message>
        <source>A is 0: a relative difference is not defined</source>
        <translation>A 为 0：相对差异无定义</translation>
    </message>
    <message>
        <source>Only session A measured this</source>
        <translation>只有会话 A 测量了此项</translation>
    </message>
    <message>
        <source>Only session B measured this</source>
        <translation>只有会话 B 测量了此项</translation>
    </message>
    <message>
        <source>(B − A) / |A|</source>
        <translation>(B − A) / |A|</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>性能组</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Relative</source>
        <translation>相对差异</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionComparisonView</name>
    <message>
        <source>Only &amp;large differences</source>
        <translation>仅显示较大差异(&amp;L)</translation>
    </message>
    <message>
        <source>Filter by group or name</source>
        <translation>按性能组或名称筛选</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Rows whose relative difference (B − A) / |A| is at least this large are highlighted</source>
        <translation>相对差异 (B − A) / |A| 不小于此值的行将被突出显示</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Highlight differences of at least</source>
        <translation>突出显示至少为此值的差异(&amp;H)</translation>
    </message>
    <message>
        <source>Choose two sessions to compare.</source>
        <translation>请选择两个要比较的会话。</translation>
    </message>
    <message>
        <source>Counts and metrics</source>
        <translation>计数和指标</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionsPage</name>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Co&amp;mpare two</source>
        <translation>比较两个(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>最近的会话</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Show the selected session in the Live page (labelled as a replay)</source>
        <translation>在“实时”页面中显示所选会话（标记为回放）</translation>
    </message>
    <message>
        <source>Select two sessions (Ctrl+click) to compare their totals and metrics</source>
        <translation>选择两个会话（Ctrl+单击）以比较它们的总计和指标</translation>
    </message>
    <message>
        <source>Every run is saved automatically to %1</source>
        <translation>每次运行都会自动保存到 %1</translation>
    </message>
    <message>
        <source>Delete sessions</source>
        <translation>删除会话</translation>
    </message>
    <message>
        <source>Delete %1 saved session file(s)? This cannot be undone.</source>
        <translation>删除 %1 个已保存的会话文件？此操作无法撤销。</translation>
    </message>
</context>
<context>
    <name>perfdash::SetupPage</name>
    <message>
        <source>P&amp;in the program to CPUs</source>
        <translation>将程序绑定到 CPU(&amp;I)</translation>
    </message>
    <message>
        <source>CPUs to co&amp;unt</source>
        <translation>要计数的 CPU(&amp;U)</translation>
    </message>
    <message>
        <source>Cannot start the measurement</source>
        <translation>无法开始测量</translation>
    </message>
</context>
<context>
    <name>perfdash::SourceLinesModel</name>
    <message>
        <source>[inlined here: %1]</source>
        <translation>[在此内联：%1]</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1（样本太少，无法判断）</translation>
    </message>
    <message>
        <source>Only %1 samples at this line: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>此行仅有 %1 个样本：少于 %2 个，样本太少，无法将其指标与噪声区分开</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源代码</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>占比 %</translation>
    </message>
</context>
<context>
    <name>perfdash::SourcePanel</name>
    <message>
        <source>Choose source folder…</source>
        <translation>选择源代码文件夹…</translation>
    </message>
    <message>
        <source>Source file</source>
        <translation>源文件</translation>
    </message>
    <message>
        <source>Look for source files under a folder too, where they are not at the path the program was built with</source>
        <translation>当源文件不在程序构建时的路径下时，也在某个文件夹中查找</translation>
    </message>
    <message>
        <source>Source lines</source>
        <translation>源代码行</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件:</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its source lines.</source>
        <translation>在表格或火焰图中选择一个函数，即可查看其源代码行。</translation>
    </message>
    <message>
        <source>Reading the source of &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>正在读取 &lt;b&gt;%1&lt;/b&gt; 的源代码…</translation>
    </message>
    <message>
        <source>[no source file]</source>
        <translation>[无源文件]</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 个样本</translation>
    </message>
    <message>
        <source>The lines of &lt;b&gt;%1&lt;/b&gt; cannot be summed: %2</source>
        <translation>无法汇总 &lt;b&gt;%1&lt;/b&gt; 的各行：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; has no samples in its own body in this selection.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 自身代码在此所选范围内没有样本。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples in its own body</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：自身代码中有 %2 个样本</translation>
    </message>
    <message>
        <source>Its debug information names no source file for these samples.</source>
        <translation>其调试信息没有为这些样本给出源文件。</translation>
    </message>
    <message>
        <source>Source file not found; looked for %1. Choose the folder it is in.</source>
        <translation>未找到源文件；查找过 %1。请选择它所在的文件夹。</translation>
    </message>
    <message>
        <source>%1, found as %2</source>
        <translation>%1，找到为 %2</translation>
    </message>
    <message>
        <source>Folder to look for source files under</source>
        <translation>查找源文件的文件夹</translation>
    </message>
</context>
<context>
    <name>perfdash::TargetSection</name>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>&amp;Program</source>
        <translation>程序(&amp;P)</translation>
    </message>
    <message>
        <source>Start a program and count it from its first instruction</source>
        <translation>启动程序并从其第一条指令开始计数</translation>
    </message>
    <message>
        <source>Running pro&amp;cess</source>
        <translation>正在运行的进程(&amp;C)</translation>
    </message>
    <message>
        <source>Attach to a process that is already running and count all its threads</source>
        <translation>附加到已在运行的进程并计数其所有线程</translation>
    </message>
    <message>
        <source>&amp;Whole CPUs</source>
        <translation>整个 CPU(&amp;W)</translation>
    </message>
    <message>
        <source>Count everything that runs on the chosen CPUs (system-wide)</source>
        <translation>计数所选 CPU 上运行的一切（系统范围）</translation>
    </message>
    <message>
        <source>program name or path</source>
        <translation>程序名称或路径</translation>
    </message>
    <message>
        <source>The program to run: a path, or a name looked up in PATH; recent programs in the list</source>
        <translation>要运行的程序：路径，或在 PATH 中查找的名称；列表中为最近使用的程序</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>arguments, e.g. --size 1000 &quot;input file.dat&quot;</source>
        <translation>参数，例如 --size 1000 &quot;input file.dat&quot;</translation>
    </message>
    <message>
        <source>Split at spaces like a shell does; quote an argument that contains spaces</source>
        <translation>像 shell 一样按空格拆分；包含空格的参数请加引号</translation>
    </message>
    <message>
        <source>perfdash&apos;s own directory</source>
        <translation>perfdash 自身的目录</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>NAME=value, one per line (added to perfdash&apos;s environment)</source>
        <translation>NAME=value，每行一个（添加到 perfdash 的环境中）</translation>
    </message>
    <message>
        <source>Pro&amp;gram:</source>
        <translation>程序(&amp;G):</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>参数(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Directory:</source>
        <translation>目录(&amp;D):</translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation>环境(&amp;N):</translation>
    </message>
    <message>
        <source>Counts everything that runs on the CPUs chosen below (all processes and the kernel), until you stop or for the duration set under Measure.</source>
        <translation>计数下方所选 CPU 上运行的一切（所有进程和内核），直到你停止，或达到“测量”中设置的时长。</translation>
    </message>
    <message>
        <source>Program to measure</source>
        <translation>要测量的程序</translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
</context>
<context>
    <name>perfdash::TimelineChart</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Rate of %1</source>
        <translation>%1 的速率</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>时间 [秒]</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 (n/a)</source>
        <translation>%1（不可用）</translation>
    </message>
    <message>
        <source>Time [h:mm:ss]</source>
        <translation>时间 [h:mm:ss]</translation>
    </message>
    <message>
        <source>All lines are hidden: click an entry in the legend to show it again.</source>
        <translation>所有曲线均已隐藏：单击图例中的条目可重新显示。</translation>
    </message>
    <message>
        <source>No intervals yet.</source>
        <translation>尚无间隔。</translation>
    </message>
    <message>
        <source>No values in the visible time range: zoom out, or turn on Follow live.</source>
        <translation>可见时间范围内没有值：请缩小，或开启“跟随实时”。</translation>
    </message>
    <message>
        <source>These events could not be counted here:
%1</source>
        <translation>以下事件无法在本机计数：
%1</translation>
    </message>
    <message>
        <source>n/a in every interval so far: the formula had no value (for example a division by zero).</source>
        <translation>目前所有间隔均不可用：公式没有值（例如除以零）。</translation>
    </message>
</context>
<context>
    <name>perfdash::TimelineView</name>
    <message>
        <source>No measurement yet: start one, or open a saved session.</source>
        <translation>尚无测量：请开始测量，或打开已保存的会话。</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>跟随实时</translation>
    </message>
    <message>
        <source>Keep the newest intervals in view (Ctrl+L). Zooming or panning turns it off.</source>
        <translation>保持最新的间隔可见（Ctrl+L）。缩放或平移会将其关闭。</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>&amp;Lines:</source>
        <translation>曲线(&amp;L):</translation>
    </message>
    <message>
        <source>One line per CPU, thread or process, or one aggregate line</source>
        <translation>每个 CPU、线程或进程一条曲线，或一条汇总曲线</translation>
    </message>
    <message>
        <source>Aggregate</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Per location</source>
        <translation>按位置</translation>
    </message>
    <message>
        <source>&amp;Charts:</source>
        <translation>图表(&amp;C):</translation>
    </message>
    <message>
        <source>One chart per unit, or one chart per metric and event</source>
        <translation>每个单位一个图表，或每个指标和事件一个图表</translation>
    </message>
    <message>
        <source>One per unit</source>
        <translation>每个单位一个</translation>
    </message>
    <message>
        <source>One per metric</source>
        <translation>每个指标一个</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>窗口(&amp;W):</translation>
    </message>
    <message>
        <source>How much of the newest data Follow live shows</source>
        <translation>“跟随实时”显示多少最新数据</translation>
    </message>
    <message>
        <source>Last 10 s</source>
        <translation>最近 10 秒</translation>
    </message>
    <message>
        <source>Last minute</source>
        <translation>最近 1 分钟</translation>
    </message>
    <message>
        <source>Last 10 minutes</source>
        <translation>最近 10 分钟</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>正在等待第一个间隔…</translation>
    </message>
    <message>
        <source>This run recorded no intervals, so there is no timeline: the totals are in the tables and the run summary. Choose an interval to record a timeline.</source>
        <translation>本次运行没有记录间隔，因此没有时间线：总计见表格和运行摘要。请选择一个间隔以记录时间线。</translation>
    </message>
    <message>
        <source>The measured groups have no events or metrics to chart.</source>
        <translation>所测量的性能组没有可绘制的事件或指标。</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>Hot functions</source>
        <translation>热点函数</translation>
    </message>
    <message>
        <source>The functions of the time range shown, on the Hotspots page (a session recorded with samples: perfdash-cli record). Zoom or pan to choose the range.</source>
        <translation>在“热点”页查看所显示时间范围内的函数（需为带样本录制的会话：perfdash-cli record）。缩放或平移以选择范围。</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownBars</name>
    <message>
        <source>Share of the slots. A tick marks the threshold; a bar outlined in red is past it.</source>
        <translation>占槽位的比例。刻线标出阈值；红框的条形已超过阈值。</translation>
    </message>
    <message>
        <source>  past %1</source>
        <translation>  超过 %1</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownModel</name>
    <message>
        <source>, past its threshold %1</source>
        <translation>，超过阈值 %1</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Share of slots</source>
        <translation>槽位占比</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownTimeline</name>
    <message>
        <source>Level-1 categories stacked over time</source>
        <translation>随时间堆叠的第 1 级类别</translation>
    </message>
    <message>
        <source>Drag across the chart to break down that span of the run</source>
        <translation>在图上拖动以细分该段运行</translation>
    </message>
    <message>
        <source>No intervals yet</source>
        <translation>尚无区间</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownView</name>
    <message>
        <source>&amp;Whole run</source>
        <translation>整个运行(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation>位置(&amp;L)：</translation>
    </message>
    <message>
        <source>All CPUs together, or one location&apos;s breakdown</source>
        <translation>所有 CPU 合计，或单个位置的细分</translation>
    </message>
    <message>
        <source>Break down the whole run again (drag across the chart to choose a span)</source>
        <translation>重新细分整个运行（在图上拖动以选择一段）</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>正在等待第一个区间…</translation>
    </message>
    <message>
        <source>This session has no top-down group: the view needs a group whose metrics form a top-down hierarchy (levels 1 and 2).</source>
        <translation>此会话没有自顶向下分组：该视图需要一个其指标构成自顶向下层次（第 1 和第 2 级）的分组。</translation>
    </message>
    <message>
        <source>This machine&apos;s CPU architecture was not identified, so perfdash has no top-down group for it (name one with --arch ARCH).</source>
        <translation>未能识别本机的 CPU 架构，因此 perfdash 没有适用的自顶向下分组（用 --arch ARCH 指定架构）。</translation>
    </message>
    <message>
        <source>perfdash has no top-down group for this CPU&apos;s architecture (%1).</source>
        <translation>perfdash 没有适用于此 CPU 架构（%1）的自顶向下分组。</translation>
    </message>
    <message>
        <source>Add the group %1 on the Measure page (or perfdash-cli stat -g %1).</source>
        <translation>在“测量”页添加分组 %1（或 perfdash-cli stat -g %1）。</translation>
    </message>
    <message>
        <source>This machine can count it.</source>
        <translation>本机可以计数它。</translation>
    </message>
    <message>
        <source>This machine cannot count it: %1</source>
        <translation>本机无法计数它：%1</translation>
    </message>
    <message>
        <source>All locations together</source>
        <translation>所有位置合计</translation>
    </message>
    <message>
        <source>all locations</source>
        <translation>所有位置</translation>
    </message>
    <message>
        <source>Whole run, %1</source>
        <translation>整个运行，%1</translation>
    </message>
    <message>
        <source>%1 s to %2 s, %3</source>
        <translation>%1 秒至 %2 秒，%3</translation>
    </message>
    <message>
        <source>Breakdown: %1</source>
        <translation>细分：%1</translation>
    </message>
    <message>
        <source>Which group this machine offers is known once its capabilities are checked.</source>
        <translation>本机提供哪个分组，要在检查其能力之后才能知道。</translation>
    </message>
    <message>
        <source>Where?</source>
        <translation>在哪里？</translation>
    </message>
    <message>
        <source>Where do the top-down figures come from?</source>
        <translation>自顶向下的数值来自哪里？</translation>
    </message>
    <message>
        <source>Run the same target again, sampling the top-down group, and show on the Hotspots page the functions its slots come from</source>
        <translation>再次运行同一目标并对自顶向下组采样，在热点页显示其各槽位来自哪些函数</translation>
    </message>
</context>
<context>
    <name>perfdash::WhereRecorder</name>
    <message>
        <source>Where do %1&apos;s figures come from?</source>
        <translation>%1 的数值来自哪里？</translation>
    </message>
    <message>
        <source>&lt;p&gt;This machine cannot sample %1 as asked:&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Run it anyway? The samples then say where the time goes, and the group&apos;s metrics per function are what its countable events allow.&lt;/p&gt;</source>
        <translation>&lt;p&gt;本机无法按要求对 %1 采样：&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;仍然运行吗？这样样本会说明时间花在哪里，组的每函数指标取决于可计数的事件。&lt;/p&gt;</translation>
    </message>
</context>
</TS>
