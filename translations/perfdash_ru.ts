<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>ProbeFormat</name>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <extracomment>a relative deviation from a reference value, e.g. &quot;+12 %&quot;</extracomment>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>%1 GHz</source>
        <translation>%1 ГГц</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>JSON report (*.json)</source>
        <translation>Отчёт JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Таблица CSV (*.csv)</translation>
    </message>
    <message>
        <source>Text report (*.txt)</source>
        <translation>Текстовый отчёт (*.txt)</translation>
    </message>
    <message>
        <source>HTML report (*.html *.htm)</source>
        <translation>Отчёт HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>Отчёт PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>SessionLoader</name>
    <message>
        <source>perfdash sessions (*.json)</source>
        <translation>Сеансы perfdash (*.json)</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Воспроизведение</translation>
    </message>
    <message>
        <source>Replay: %1</source>
        <translation>Воспроизведение: %1</translation>
    </message>
    <message>
        <source>, recorded %1</source>
        <translation>, записан %1</translation>
    </message>
    <message>
        <source> (incomplete: the session never finished)</source>
        <translation> (не завершён: сеанс так и не закончился)</translation>
    </message>
    <message>
        <source>perfdash sessions and perf.data files (*.json *.data perf.data*)</source>
        <translation>Сеансы perfdash и файлы perf.data (*.json *.data perf.data*)</translation>
    </message>
    <message>
        <source>perf record files (*.data perf.data*)</source>
        <translation>Файлы perf record (*.data perf.data*)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>SetupFormState</name>
    <message>
        <source>Working directory &apos;%1&apos; does not exist; choose an existing directory or leave the field empty to run the program in perfdash&apos;s own</source>
        <translation>Рабочий каталог «%1» не существует; выберите существующий каталог или оставьте поле пустым, чтобы запустить программу в каталоге perfdash</translation>
    </message>
    <message>
        <source>Environment line &apos;%1&apos; is not NAME=value; write one variable per line, e.g. OMP_NUM_THREADS=4</source>
        <translation>Строка окружения «%1» не в формате NAME=value; пишите по одной переменной в строке, например OMP_NUM_THREADS=4</translation>
    </message>
    <message>
        <source>Choose the program to run (Browse…), or attach to a running process, or count whole CPUs</source>
        <translation>Выберите программу для запуска (Обзор…), подключитесь к запущенному процессу или выберите подсчёт по ЦП целиком</translation>
    </message>
    <message>
        <source>Choose the CPUs to pin the program to, or turn pinning off</source>
        <translation>Выберите ЦП, к которым привязать программу, или отключите привязку</translation>
    </message>
    <message>
        <source>Select the process to attach to (type in the filter to find it)</source>
        <translation>Выберите процесс для подключения (введите текст в фильтр, чтобы найти его)</translation>
    </message>
    <message>
        <source>Choose the CPUs to count: click them or type a list such as 0-3</source>
        <translation>Выберите ЦП для подсчёта: щёлкните по ним или введите список, например 0-3</translation>
    </message>
    <message>
        <source>Choose at least one performance group, or enter events below</source>
        <translation>Выберите хотя бы одну группу производительности или введите события ниже</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs, not the threads of one process: choose perf to attach, or count the CPUs the process runs on (Whole CPUs)</source>
        <translation>Бэкенд %1 считает ЦП целиком, а не потоки одного процесса: выберите perf, чтобы подключиться, или считайте ЦП, на которых работает процесс (ЦП целиком)</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs: pin the program to the CPUs to count, or choose perf to count just the program</source>
        <translation>Бэкенд %1 считает ЦП целиком: привяжите программу к ЦП для подсчёта или выберите perf, чтобы считать только программу</translation>
    </message>
    <message>
        <source>Marker regions are counted through perf inside the program, which the %1 backend cannot share the counters with: choose perf, or turn marker regions off</source>
        <translation>Области маркеров считаются через perf внутри программы, а бэкенд %1 не может делить с ним счётчики: выберите perf или отключите области маркеров</translation>
    </message>
    <message>
        <source>Sampling goes through perf, which the %1 backend does not use: choose perf, or turn sampling off</source>
        <translation>Сэмплирование идёт через perf, которым бэкенд %1 не пользуется: выберите perf или выключите сэмплирование</translation>
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
        <translation>покрытие: н/д (не считалось)</translation>
    </message>
    <message>
        <source>coverage: %1 (multiplexed: scaled up from the time it was counted)</source>
        <translation>покрытие: %1 (мультиплексирование: значение масштабировано по времени подсчёта)</translation>
    </message>
    <message>
        <source>coverage: %1</source>
        <translation>покрытие: %1</translation>
    </message>
    <message>
        <source>t = %1 s (interval of %2 s)</source>
        <translation>t = %1 с (интервал %2 с)</translation>
    </message>
    <message>
        <source>an input of the formula has no value here, or it divided by zero</source>
        <translation>у одного из входов формулы здесь нет значения, или произошло деление на ноль</translation>
    </message>
    <message>
        <source>not every location has a value, so the total is not known</source>
        <translation>значение есть не во всех местах, поэтому итог неизвестен</translation>
    </message>
    <message>
        <source>coverage: %1 (no value: %2)</source>
        <translation>покрытие: %1 (нет значения: %2)</translation>
    </message>
    <message numerus="yes">
        <source>the mean of %n interval(s): older intervals are kept as means here (the saved session has each one)</source>
        <translation>
            <numerusform>среднее %n интервала: более старые интервалы хранятся здесь как средние (в сохранённом сеансе есть каждый)</numerusform>
            <numerusform>среднее %n интервалов: более старые интервалы хранятся здесь как средние (в сохранённом сеансе есть каждый)</numerusform>
            <numerusform>среднее %n интервалов: более старые интервалы хранятся здесь как средние (в сохранённом сеансе есть каждый)</numerusform>
        </translation>
    </message>
    <message>
        <source>not every location has a reading, so the average is not known</source>
        <translation>не во всех местах есть показание, поэтому среднее неизвестно</translation>
    </message>
</context>
<context>
    <name>ValueText</name>
    <message>
        <source>see CPU %1</source>
        <translation>см. CPU %1</translation>
    </message>
    <message>
        <source>Counted on CPU %1: this comes from a unit of the package (RAPL, uncore), which is read once per package, die or L3 cache. CPU %1&apos;s value holds this CPU&apos;s, and the sum holds each unit once.</source>
        <translation>Считано на CPU %1: значение относится к блоку корпуса процессора (RAPL, uncore), который читается один раз на корпус, кристалл или кэш L3. Значение CPU %1 включает значение этого CPU, а сумма учитывает каждый блок один раз.</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentInfo</name>
    <message>
        <source>its info (GET /api/v1/info) failed: %1</source>
        <translation>его сведения (GET /api/v1/info) не получены: %1</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Узел</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>Процессор</translation>
    </message>
    <message>
        <source> (uncertain)</source>
        <translation> (не точно)</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Архитектура</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>Топология</translation>
    </message>
    <message>
        <source>%1 socket(s), %2 core(s), %3 hardware thread(s), %4 NUMA domain(s)</source>
        <translation>сокетов: %1, ядер: %2, аппаратных потоков: %3, доменов NUMA: %4</translation>
    </message>
    <message>
        <source>not known: %1</source>
        <translation>неизвестна: %1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Ядро</translation>
    </message>
    <message>
        <source>perf_event_paranoid</source>
        <translation>perf_event_paranoid</translation>
    </message>
    <message>
        <source>Counts on</source>
        <translation>Считает на</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n ЦП</numerusform>
            <numerusform>%n ЦП</numerusform>
            <numerusform>%n ЦП</numerusform>
        </translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>Интервал</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>Counting since</source>
        <translation>Считает с</translation>
    </message>
    <message>
        <source>What it counts</source>
        <translation>Что он считает</translation>
    </message>
    <message>
        <source>&lt;i&gt;%1: not counted, %2&lt;/i&gt;</source>
        <translation>&lt;i&gt;%1: не считается, %2&lt;/i&gt;</translation>
    </message>
    <message>
        <source>What it can count</source>
        <translation>Что он может считать</translation>
    </message>
    <message>
        <source>Counts with</source>
        <translation>Считает через</translation>
    </message>
    <message>
        <source>the %1 backend</source>
        <translation>бэкенд %1</translation>
    </message>
    <message>
        <source>its info (GET /api/v1/info) is not a JSON object</source>
        <translation>его сведения (GET /api/v1/info) — не объект JSON</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentProfile</name>
    <message>
        <source>it is taking another profile (503): it takes one at a time</source>
        <translation>он уже снимает другой профиль (503): он снимает по одному</translation>
    </message>
    <message>
        <source>try again in a moment</source>
        <translation>попробуйте ещё раз чуть позже</translation>
    </message>
    <message>
        <source>try again in %1 s</source>
        <translation>попробуйте ещё раз через %1 с</translation>
    </message>
    <message>
        <source>its profile (GET /api/v1/profile) failed: %1</source>
        <translation>его профиль (GET /api/v1/profile) не получен: %1</translation>
    </message>
    <message>
        <source>its profile cannot be read: %1</source>
        <translation>его профиль не удаётся прочитать: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::AgentStream</name>
    <message>
        <source>more than 64 MiB came without a line break</source>
        <translation>больше 64 МиБ пришло без перевода строки</translation>
    </message>
    <message>
        <source>check that the host&apos;s address on the Hosts page is a perfdash agent&apos;s (perfdash-cli serve)</source>
        <translation>проверьте, что адрес узла на странице «Узлы» — адрес агента perfdash (perfdash-cli serve)</translation>
    </message>
    <message>
        <source>check the host&apos;s address on the Hosts page and that its agent (perfdash-cli serve) runs there</source>
        <translation>проверьте адрес узла на странице «Узлы» и что его агент (perfdash-cli serve) там запущен</translation>
    </message>
    <message>
        <source>the token was refused (401)</source>
        <translation>токен отклонён (401)</translation>
    </message>
    <message>
        <source>check the host&apos;s token on the Hosts page</source>
        <translation>проверьте токен узла на странице «Узлы»</translation>
    </message>
    <message>
        <source>it serves as many clients as it allows (503)</source>
        <translation>он уже обслуживает столько клиентов, сколько допускает (503)</translation>
    </message>
    <message>
        <source>wait until one of its other clients is done</source>
        <translation>дождитесь, пока один из других его клиентов закончит</translation>
    </message>
    <message>
        <source>it answered %1: %2</source>
        <translation>он ответил %1: %2</translation>
    </message>
    <message>
        <source>the agent stopped</source>
        <translation>агент остановлен</translation>
    </message>
</context>
<context>
    <name>perfdash::AppOptions</name>
    <message>
        <source>%1 needs a value (see perfdash --help)</source>
        <translation>%1 требует значения (см. perfdash --help)</translation>
    </message>
    <message>
        <source>-- must be followed by the program to measure</source>
        <translation>после -- должна следовать измеряемая программа</translation>
    </message>
    <message>
        <source>--interval &apos;%1&apos; is not a number of milliseconds: write e.g. --interval 100 (0: totals only)</source>
        <translation>--interval «%1» — не число миллисекунд: напишите, например, --interval 100 (0: только итоги)</translation>
    </message>
    <message>
        <source>--duration &apos;%1&apos; is not a number of seconds: write e.g. --duration 5</source>
        <translation>--duration «%1» — не число секунд: напишите, например, --duration 5</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (see perfdash --help)</source>
        <translation>неизвестный параметр «%1» (см. perfdash --help)</translation>
    </message>
    <message>
        <source>only one session file can be opened, got &apos;%1&apos; and &apos;%2&apos;; to measure a program, put it after --: perfdash -- %2</source>
        <translation>можно открыть только один файл сеанса, получены «%1» и «%2»; чтобы измерить программу, укажите её после --: perfdash -- %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a session file to open: it cannot be combined with options that set up a new session</source>
        <translation>«%1» — файл сеанса для открытия: его нельзя сочетать с параметрами, задающими новый сеанс</translation>
    </message>
    <message>
        <source>session file &apos;%1&apos; does not exist; give the path of a saved session (.json)</source>
        <translation>файл сеанса «%1» не существует; укажите путь к сохранённому сеансу (.json)</translation>
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
        <translation>Вызов: perfdash [FILE]
       perfdash [--group G]... [--events E,...] [--cpu LIST] [--interval MS] [--duration S]
                [--start] [-- PROGRAM ARGS...]
       perfdash --demo

  FILE               открыть сохранённый сеанс и воспроизвести его
  -g, --group G      измерить группу производительности G (повторите или перечислите через запятую)
  -e, --events E,... измерить эти события (имена perf, PMU из sysfs, точек трассировки или libpfm4)
  -C, --cpu LIST     привязать программу к этим ЦП (синтаксис likwid: 0,2-4  S0:0-3  N:0-7)
  -t, --interval MS  интервал временной шкалы в миллисекундах (0: только итоги)
  -S, --duration S   остановить через S секунд
  --start            сразу начать измерение
  --demo             измерить встроенную демонстрационную нагрузку группой SOFTWARE
  --lang CODE        язык интерфейса для этого запуска (en, zh_CN, ru)
  -h, --help         показать эту справку
  --version          показать версию
</translation>
    </message>
    <message>
        <source>--demo starts the default demo measurement: leave out the options that set up another</source>
        <translation>--demo запускает демонстрационное измерение по умолчанию: уберите параметры, задающие другое</translation>
    </message>
</context>
<context>
    <name>perfdash::BackendListModel</name>
    <message>
        <source>Not available here: %1</source>
        <translation>Здесь недоступно: %1</translation>
    </message>
    <message>
        <source>To make it available: %1</source>
        <translation>Как сделать доступным: %1</translation>
    </message>
    <message>
        <source>%1 (not available)</source>
        <translation>%1 (недоступно)</translation>
    </message>
</context>
<context>
    <name>perfdash::BackendPicker</name>
    <message>
        <source>Counting backend</source>
        <translation>Бэкенд подсчёта</translation>
    </message>
    <message>
        <source>none can count here</source>
        <translation>здесь нечем считать</translation>
    </message>
    <message>
        <source>counting with %1</source>
        <translation>подсчёт с помощью %1</translation>
    </message>
    <message>
        <source>The %1 backend is not available here, %2. %3</source>
        <translation>Бэкенд %1 здесь недоступен, %2. %3</translation>
    </message>
    <message>
        <source>There is no backend named &apos;%1&apos;, %2.</source>
        <translation>Бэкенда с именем «%1» нет, %2.</translation>
    </message>
    <message>
        <source>Counts whole CPUs: every process and the kernel running on the chosen CPUs, not only your program. A launched program is pinned to those CPUs; attaching to a process is not possible. No multiplexing: each group must fit the CPU&apos;s counters.</source>
        <translation>Считает ЦП целиком: все процессы и ядро, работающие на выбранных ЦП, а не только вашу программу. Запускаемая программа привязывается к этим ЦП; подключение к процессу невозможно. Без мультиплексирования: каждая группа должна помещаться в счётчики ЦП.</translation>
    </message>
    <message>
        <source>Counts the single CPU of a Loongson 2E/2F, including the kernel and every other process on it; one event on each of its two counters.</source>
        <translation>Считает единственный ЦП Loongson 2E/2F, включая ядро и все остальные процессы на нём; по одному событию на каждом из двух счётчиков.</translation>
    </message>
    <message>
        <source>Counts only the target: the launched program, the attached process, or the chosen CPUs. More events than counters take turns (multiplexing); each count then says for how long it counted.</source>
        <translation>Считает только цель: запущенную программу, подключённый процесс или выбранные ЦП. Если событий больше, чем счётчиков, они сменяют друг друга (мультиплексирование); тогда для каждого значения указано, сколько времени оно считалось.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>Fix: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Исправление: &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>Not available here: %1. &lt;a href=&quot;why&quot;&gt;Why?&lt;/a&gt;</source>
        <translation>Недоступно здесь: %1. &lt;a href=&quot;why&quot;&gt;Почему?&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Counting backends not available here</source>
        <translation>Недоступные здесь способы подсчёта</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchBarChart</name>
    <message>
        <source>Latency (cycles)</source>
        <translation>Задержка (такты)</translation>
    </message>
    <message>
        <source>Reciprocal throughput (cycles per instruction)</source>
        <translation>Обратная пропускная способность (тактов на инструкцию)</translation>
    </message>
    <message>
        <source> (latency n/a)</source>
        <translation> (задержка н/д)</translation>
    </message>
    <message>
        <source> (throughput n/a)</source>
        <translation> (пропускная способность н/д)</translation>
    </message>
    <message>
        <source>cycles, measured on this machine (fastest runs)</source>
        <translation>такты, измерено на этой машине (самые быстрые прогоны)</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchCatalogModel</name>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>This CPU has every feature the entry needs.</source>
        <translation>У этого ЦП есть все возможности, нужные записи.</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1 (из %2)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Категория</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <source>Runs here</source>
        <translation>Работает здесь</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Описание</translation>
    </message>
</context>
<context>
    <name>perfdash::BenchResultsModel</name>
    <message>
        <source>measured</source>
        <translation>измерено</translation>
    </message>
    <message>
        <source>not supported here</source>
        <translation>здесь не поддерживается</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>сбой</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>н/д: %1</translation>
    </message>
    <message>
        <source>%1 has no row for %2 %3%4.</source>
        <translation>В %1 нет строки для %2 %3%4.</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> на %1</translation>
    </message>
    <message>
        <source>Reference values from %1 (not measured here):</source>
        <translation>Справочные значения из %1 (не измерены здесь):</translation>
    </message>
    <message>
        <source>%1: latency %2, reciprocal throughput %3 (source: %4, line %5)</source>
        <translation>%1: задержка %2, обратная пропускная способность %3 (источник: %4, строка %5)</translation>
    </message>
    <message>
        <source>The columns show the first; choose a microarchitecture to narrow.</source>
        <translation>В столбцах показана первая; выберите микроархитектуру, чтобы сузить выбор.</translation>
    </message>
    <message>
        <source>From the loaded reference table, not measured here.</source>
        <translation>Из загруженной справочной таблицы, не измерено здесь.</translation>
    </message>
    <message>
        <source>Instructions per cycle: 1 / reciprocal throughput.</source>
        <translation>Инструкций за такт: 1 / обратная пропускная способность.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>Инструкция</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Задержка</translation>
    </message>
    <message>
        <source>Ref. latency</source>
        <translation>Справ. задержка</translation>
    </message>
    <message>
        <source>Recip. TP</source>
        <translation>Обр. ПС</translation>
    </message>
    <message>
        <source>Ref. TP</source>
        <translation>Справ. ПС</translation>
    </message>
    <message>
        <source>IPC</source>
        <translation>IPC</translation>
    </message>
    <message>
        <source>Reference source</source>
        <translation>Источник справки</translation>
    </message>
    <message>
        <source>Measured on this machine: %1 cycles per instruction from the fastest runs (interference only adds time), %2 from the median runs; middle half %3–%4 over %5 repetitions.
Cycles from %6.</source>
        <translation>Измерено на этой машине: %1 тактов на инструкцию по самым быстрым прогонам (помехи только добавляют время), %2 по медианным прогонам; средняя половина %3–%4 по %5 повторениям.
Такты из %6.</translation>
    </message>
    <message>
        <source>Core clock measured alongside: %1.</source>
        <translation>Частота ядра, измеренная одновременно: %1.</translation>
    </message>
    <message>
        <source>1 / %1 cycles per instruction, measured on this machine.</source>
        <translation>1 / %1 тактов на инструкцию, измерено на этой машине.</translation>
    </message>
    <message>
        <source>The fastest run did not repeat: the machine was busy; take the figure with care and run it again.</source>
        <translation>Самый быстрый прогон не повторился: машина была занята; относитесь к значению осторожно и запустите снова.</translation>
    </message>
    <message>
        <source>Latency in cycles: a chain of dependent copies, measured on this machine (fastest runs).</source>
        <translation>Задержка в тактах: цепочка зависимых копий, измерено на этой машине (самые быстрые прогоны).</translation>
    </message>
    <message>
        <source>Reciprocal throughput in cycles per instruction: independent streams, measured on this machine (fastest runs).</source>
        <translation>Обратная пропускная способность в тактах на инструкцию: независимые потоки, измерено на этой машине (самые быстрые прогоны).</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>расходится</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>совпадает</translation>
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
        <translation>Справочная таблица не загружена. Загрузите её (наш CSV: mnemonic, operands, latency, recip_throughput, microarchitecture, source; текстовый файл InstLatx64; instructions.xml с uops.info), чтобы сравнить; perfdash не поставляет справочных значений.</translation>
    </message>
    <message>
        <source>The max-IPC probe&apos;s %1 plateau, measured in the same run: %2 per cycle.</source>
        <translation>Плато %1 пробы максимального IPC, измеренное в том же запуске: %2 за такт.</translation>
    </message>
    <message>
        <source>Above that plateau by more than %1 %: beyond what the core was measured to issue; take the figure with care.</source>
        <translation>Выше этого плато более чем на %1 %: больше, чем ядро выдавало в измерении; относитесь к значению осторожно.</translation>
    </message>
    <message>
        <source>Measured − reference in cycles, relative in brackets, and the verdict: a latency agrees within max(0.15 cycles, 10 %), a reciprocal throughput within max(0.05 cycles, 15 %); red where it differs.</source>
        <translation>Измерено − справка в тактах, относительно в скобках, и вердикт: задержка совпадает в пределах max(0,15 такта, 10 %), обратная пропускная способность — в пределах max(0,05 такта, 15 %); красным, где расходится.</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Разница</translation>
    </message>
</context>
<context>
    <name>perfdash::BottomUpPanel</name>
    <message>
        <source>Bottom-up call tree</source>
        <translation>Дерево вызовов снизу вверх</translation>
    </message>
    <message>
        <source>Summing the bottom-up tree…</source>
        <translation>Подсчёт дерева снизу вверх…</translation>
    </message>
    <message>
        <source>The bottom-up tree cannot be summed: %1</source>
        <translation>Не удаётся подсчитать дерево снизу вверх: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::CallTreeModel</name>
    <message>
        <source>Only %1 samples: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>Всего %1 выборок: меньше %2, слишком мало, чтобы отличить её метрики от шума</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1 (слишком мало выборок для вывода)</translation>
    </message>
    <message>
        <source>The selection&apos;s samples through this call path, ± one standard error</source>
        <translation>Выборки, проходящие через этот путь вызовов, ± одна стандартная ошибка</translation>
    </message>
    <message>
        <source>The selection&apos;s samples that ended here, ± one standard error</source>
        <translation>Выборки, закончившиеся здесь, ± одна стандартная ошибка</translation>
    </message>
    <message>
        <source>%1 on the samples through this call path, ± its standard error</source>
        <translation>%1 по выборкам через этот путь вызовов, ± её стандартная ошибка</translation>
    </message>
    <message>
        <source>Call path</source>
        <translation>Путь вызовов</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>Всего %</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>Собственные %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Выборки</translation>
    </message>
</context>
<context>
    <name>perfdash::CallersCalleesPanel</name>
    <message>
        <source>Callers</source>
        <translation>Вызывающие</translation>
    </message>
    <message>
        <source>Callees</source>
        <translation>Вызываемые</translation>
    </message>
    <message>
        <source>Callers: who called it, nearest first</source>
        <translation>Вызывающие: кто её вызвал, ближайшие первыми</translation>
    </message>
    <message>
        <source>Callees: what it called</source>
        <translation>Вызываемые: что она вызвала</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its callers and callees.</source>
        <translation>Выберите функцию в таблице или на флейм-графе, чтобы увидеть её вызывающих и вызываемых.</translation>
    </message>
    <message>
        <source>Summing the callers and callees of &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>Подсчёт вызывающих и вызываемых для &lt;b&gt;%1&lt;/b&gt;…</translation>
    </message>
    <message>
        <source>The callers and callees cannot be summed: %1</source>
        <translation>Не удаётся подсчитать вызывающих и вызываемых: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; has no samples in this selection.</source>
        <translation>У &lt;b&gt;%1&lt;/b&gt; нет выборок в этом диапазоне.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples with it on the stack</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: выборок с ней в стеке: %2</translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilitiesPage</name>
    <message>
        <source>Capability</source>
        <translation>Возможность</translation>
    </message>
    <message>
        <source>Here</source>
        <translation>Здесь</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Что это значит</translation>
    </message>
    <message>
        <source>To enable</source>
        <translation>Как включить</translation>
    </message>
    <message>
        <source>What perfdash can count on this machine, why not, and the commands that would enable more. Events that cannot be counted are marked in the session plan before a run starts.</source>
        <translation>Что perfdash может считать на этой машине, чего не может и почему, и какие команды позволят больше. События, которые нельзя считать, отмечаются в плане сеанса до начала запуска.</translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation>Копировать команду</translation>
    </message>
    <message>
        <source>not on this CPU</source>
        <translation>нет в этом ЦП</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>perfdash is trying which counters open on this machine.</source>
        <translation>perfdash проверяет, какие счётчики открываются на этой машине.</translation>
    </message>
    <message>
        <source>This CPU</source>
        <translation>Этот процессор</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>Processor:</source>
        <translation>Процессор:</translation>
    </message>
    <message>
        <source>%1 (%2, family %3, model %4, stepping %5, from %6)</source>
        <translation>%1 (%2, семейство %3, модель %4, степпинг %5, источник: %6)</translation>
    </message>
    <message>
        <source>Hypervisor:</source>
        <translation>Гипервизор:</translation>
    </message>
    <message>
        <source>present</source>
        <translation>есть</translation>
    </message>
    <message>
        <source>likwid architecture:</source>
        <translation>Архитектура likwid:</translation>
    </message>
    <message>
        <source>Identified:</source>
        <translation>Определена:</translation>
    </message>
    <message>
        <source>Uncertain:</source>
        <translation>Неточно:</translation>
    </message>
    <message>
        <source>Detection doubt:</source>
        <translation>Сомнение при определении:</translation>
    </message>
    <message>
        <source>Also seen:</source>
        <translation>Также замечено:</translation>
    </message>
    <message>
        <source>To read this CPU as another architecture, start perfdash with PERFDASH_ARCH=ARCH in its environment (perfdash-cli takes --arch ARCH); the names are those of likwid&apos;s group directories (skylakeX, zen4, ...).</source>
        <translation>Чтобы считать этот процессор другой архитектурой, запустите perfdash с PERFDASH_ARCH=ARCH в окружении (perfdash-cli принимает --arch ARCH); имена — это имена каталогов групп likwid (skylakeX, zen4, ...).</translation>
    </message>
</context>
<context>
    <name>perfdash::CapabilityBanner</name>
    <message>
        <source>No hardware counters here: cycles, instructions and cache events cannot be counted; software events and tracepoints can. </source>
        <translation>Аппаратных счётчиков здесь нет: cycles, instructions и события кэша считать нельзя; программные события и точки трассировки — можно. </translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>Недоступно: %1.</translation>
    </message>
    <message>
        <source>What can be counted here…</source>
        <translation>Что можно считать здесь…</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>Скрыть это сообщение</translation>
    </message>
    <message>
        <source>Checking what this machine can count…</source>
        <translation>Проверка того, что можно считать на этой машине…</translation>
    </message>
</context>
<context>
    <name>perfdash::CeilingsModel</name>
    <message>
        <source>Level</source>
        <translation>Уровень</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Ядро теста</translation>
    </message>
    <message>
        <source>ISA</source>
        <translation>ISA</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Точность</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Working set</source>
        <translation>Рабочий набор</translation>
    </message>
    <message>
        <source>GB/s or GFLOP/s</source>
        <translation>ГБ/с или GFLOP/с</translation>
    </message>
    <message>
        <source>Hardware GB/s</source>
        <translation>Аппаратные ГБ/с</translation>
    </message>
    <message>
        <source>Per cycle</source>
        <translation>За такт</translation>
    </message>
    <message>
        <source>The fastest window was not reached again within 3 %.</source>
        <translation>Самое быстрое окно не повторилось в пределах 3 %.</translation>
    </message>
    <message>
        <source>More loads or stores per cycle than any core issues: disturbed.</source>
        <translation>Больше загрузок или сохранений за такт, чем выдаёт любое ядро: измерение нарушено.</translation>
    </message>
    <message>
        <source>Application bytes count each byte loaded or stored once (as STREAM and likwid-bench); hardware bytes add the line each plain store reads first.</source>
        <translation>Байты приложения учитывают каждый загруженный или сохранённый байт один раз (как STREAM и likwid-bench); аппаратные байты добавляют строку, которую каждое обычное сохранение сначала читает.</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <source>More floating-point instructions per cycle than any core issues: disturbed.</source>
        <translation>Больше операций с плавающей точкой за такт, чем выдаёт любое ядро: измерение нарушено.</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>пик</translation>
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
        <translation>рабочий набор (КиБ)</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2, %n thread(s)</source>
        <translation>
            <numerusform>%1 %2, %n поток</numerusform>
            <numerusform>%1 %2, %n потока</numerusform>
            <numerusform>%1 %2, %n потоков</numerusform>
        </translation>
    </message>
    <message>
        <source>plateau</source>
        <translation>плато</translation>
    </message>
    <message>
        <source>No sweep measured yet</source>
        <translation>Развёртка ещё не измерялась</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>ГБ/с</translation>
    </message>
    <message>
        <source>Bandwidth (application bytes) against working set, measured on this machine</source>
        <translation>Пропускная способность (байты приложения) в зависимости от рабочего набора, измеренная на этой машине</translation>
    </message>
</context>
<context>
    <name>perfdash::ChartExport</name>
    <message>
        <source>There are no charts to save: start a measurement or open a session first.</source>
        <translation>Нет графиков для сохранения: сначала начните измерение или откройте сеанс.</translation>
    </message>
    <message>
        <source>An image width of %1 pixels is too small: use at least 100.</source>
        <translation>Ширина изображения %1 пикселей слишком мала: используйте не менее 100.</translation>
    </message>
    <message>
        <source>Could not save the charts to %1: %2. Choose a folder you can write to.</source>
        <translation>Не удалось сохранить графики в %1: %2. Выберите папку, в которую можно писать.</translation>
    </message>
    <message>
        <source>Could not encode the charts as PNG.</source>
        <translation>Не удалось закодировать графики в PNG.</translation>
    </message>
    <message>
        <source>perfdash timeline</source>
        <translation>временная шкала perfdash</translation>
    </message>
</context>
<context>
    <name>perfdash::ClockHistoryModel</name>
    <message>
        <source>CPU %1, %2</source>
        <translation>ЦП %1, %2</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>н/д: %1</translation>
    </message>
    <message>
        <source>Reported by the system, not measured: %1</source>
        <translation>Сообщено системой, не измерено: %1</translation>
    </message>
    <message>
        <source>n/a: not in this sample</source>
        <translation>н/д: нет в этом замере</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Время (с)</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Измерено</translation>
    </message>
    <message>
        <source>Measured on this machine with dependent adds: %1 from the fastest runs, %2 from the median runs, over %3 runs.</source>
        <translation>Измерено на этой машине зависимыми сложениями: %1 по самым быстрым прогонам, %2 по медианным, всего %3 прогонов.</translation>
    </message>
    <message>
        <source>The fastest run did not repeat: the CPU was busy.</source>
        <translation>Самый быстрый прогон не повторился: ЦП был занят.</translation>
    </message>
</context>
<context>
    <name>perfdash::ClockLineChart</name>
    <message>
        <source>time (s)</source>
        <translation>время (с)</translation>
    </message>
    <message>
        <source>GHz</source>
        <translation>ГГц</translation>
    </message>
    <message>
        <source>measured (dependent adds)</source>
        <translation>измерено (зависимые сложения)</translation>
    </message>
    <message>
        <source>%1 (reported)</source>
        <translation>%1 (сообщено)</translation>
    </message>
    <message>
        <source>No clock samples yet</source>
        <translation>Замеров частоты пока нет</translation>
    </message>
    <message>
        <source>Core clock of CPU %1</source>
        <translation>Частота ядра ЦП %1</translation>
    </message>
</context>
<context>
    <name>perfdash::ComparisonTimelineChart</name>
    <message>
        <source>Select a row of the table to overlay its timeline in both sessions.</source>
        <translation>Выберите строку таблицы, чтобы наложить её временные ряды из обоих сеансов.</translation>
    </message>
    <message>
        <source>Neither session recorded a timeline: they were measured without an interval.</source>
        <translation>Ни в одном сеансе нет временного ряда: они измерялись без интервала.</translation>
    </message>
    <message>
        <source>%1 has no value in any interval of either session (n/a).</source>
        <translation>У %1 нет значения ни в одном интервале обоих сеансов (н/д).</translation>
    </message>
    <message>
        <source>events per interval</source>
        <translation>событий за интервал</translation>
    </message>
    <message>
        <source>%1 per interval</source>
        <translation>%1 за интервал</translation>
    </message>
</context>
<context>
    <name>perfdash::CopyableTableView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>Copy as C&amp;SV</source>
        <translation>Копировать как C&amp;SV</translation>
    </message>
    <message>
        <source>Copy &amp;table as text</source>
        <translation>Копировать &amp;таблицу как текст</translation>
    </message>
    <message>
        <source>Copy table as CS&amp;V</source>
        <translation>Копировать таблицу как CS&amp;V</translation>
    </message>
</context>
<context>
    <name>perfdash::CpuPicker</name>
    <message>
        <source>e.g. 0-3, S0:0-3, N:0-7, E:S0:4:1:2</source>
        <translation>например 0-3, S0:0-3, N:0-7, E:S0:4:1:2</translation>
    </message>
    <message>
        <source>CPU list in likwid syntax: CPU numbers and ranges (0,2-4), affinity domains (S0:0-3 socket, D0: die, C0: last-level cache, M0: NUMA domain, N: the whole machine), L: logical numbering, E: expressions; join lists with @</source>
        <translation>Список ЦП в синтаксисе likwid: номера и диапазоны ЦП (0,2-4), домены привязки (S0:0-3 сокет, D0: кристалл, C0: кэш последнего уровня, M0: домен NUMA, N: вся машина), L: логическая нумерация, E: выражения; списки объединяются через @</translation>
    </message>
    <message>
        <source>CPU list</source>
        <translation>Список ЦП</translation>
    </message>
    <message>
        <source>CPU &amp;list:</source>
        <translation>&amp;Список ЦП:</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Select every online CPU</source>
        <translation>Выбрать все включённые ЦП</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ничего</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>Снять выделение</translation>
    </message>
    <message>
        <source>CPU lists cannot be checked: %1</source>
        <translation>Невозможно проверить списки ЦП: %1</translation>
    </message>
    <message>
        <source>Selection unchanged until the list is valid</source>
        <translation>Выбор не изменится, пока список не станет корректным</translation>
    </message>
    <message>
        <source>Selected CPUs: none of %1 online</source>
        <translation>Выбрано ЦП: ни одного из %1 включённых</translation>
    </message>
    <message>
        <source>Selected CPUs: %1 of %2 online</source>
        <translation>Выбрано ЦП: %1 из %2 включённых</translation>
    </message>
</context>
<context>
    <name>perfdash::CpuTopologyView</name>
    <message>
        <source>CPU topology</source>
        <translation>Топология ЦП</translation>
    </message>
    <message>
        <source>Arrow keys move between CPUs, Space toggles one, Ctrl+A selects all</source>
        <translation>Стрелки — переход между ЦП, Пробел — переключить, Ctrl+A — выбрать все</translation>
    </message>
    <message>
        <source>Offline CPUs (cannot be selected)</source>
        <translation>Отключённые ЦП (нельзя выбрать)</translation>
    </message>
    <message>
        <source>Socket %1 · cores: %2 · hardware threads: %3</source>
        <translation>Сокет %1 · ядер: %2 · аппаратных потоков: %3</translation>
    </message>
    <message>
        <source>CPU %1 is offline</source>
        <translation>ЦП %1 отключён</translation>
    </message>
    <message>
        <source>CPU %1: socket %2, core %3, hardware thread %4</source>
        <translation>ЦП %1: сокет %2, ядро %3, аппаратный поток %4</translation>
    </message>
    <message>
        <source>, NUMA node %1</source>
        <translation>, узел NUMA %1</translation>
    </message>
</context>
<context>
    <name>perfdash::CustomEventSetModel</name>
    <message>
        <source>Slot</source>
        <translation>Слот</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
</context>
<context>
    <name>perfdash::CustomInstructionEditor</name>
    <message>
        <source>e.g. imul &lt;sd:gpr64&gt;, &lt;s:gpr64&gt;</source>
        <translation>например imul &lt;sd:gpr64&gt;, &lt;s:gpr64&gt;</translation>
    </message>
    <message>
        <source>One instruction; operands are &lt;role:class&gt;: roles d (written), s (read), sd (both); &lt;=N&gt; repeats placeholder N&apos;s register.</source>
        <translation>Одна инструкция; операнды имеют вид &lt;role:class&gt;: роли d (запись), s (чтение), sd (оба); &lt;=N&gt; повторяет регистр заполнителя N.</translation>
    </message>
    <message>
        <source>e.g. rax, rdx, flags</source>
        <translation>например rax, rdx, flags</translation>
    </message>
    <message>
        <source>e.g. 3  or  xmm=1.0  or  gpr64=mem</source>
        <translation>например 3  или  xmm=1.0  или  gpr64=mem</translation>
    </message>
    <message>
        <source>cpuinfo flags, e.g. avx2</source>
        <translation>флаги cpuinfo, например avx2</translation>
    </message>
    <message>
        <source>an instruction that carries the result back to a source (latency)</source>
        <translation>инструкция, возвращающая результат в источник (задержка)</translation>
    </message>
    <message>
        <source>&amp;Template:</source>
        <translation>&amp;Шаблон:</translation>
    </message>
    <message>
        <source>Implicit re&amp;gisters:</source>
        <translation>Неявные &amp;регистры:</translation>
    </message>
    <message>
        <source>Initial &amp;values:</source>
        <translation>Начальные &amp;значения:</translation>
    </message>
    <message>
        <source>Re&amp;quires:</source>
        <translation>&amp;Требует:</translation>
    </message>
    <message>
        <source>Lin&amp;k:</source>
        <translation>Св&amp;язка:</translation>
    </message>
    <message>
        <source>R&amp;un custom instruction</source>
        <translation>&amp;Запустить свою инструкцию</translation>
    </message>
    <message>
        <source>Measures it on this machine in a separate process, so an instruction this CPU lacks cannot crash perfdash.</source>
        <translation>Измеряет её на этой машине в отдельном процессе, поэтому инструкция, которой нет у этого ЦП, не может обрушить perfdash.</translation>
    </message>
    <message>
        <source>Generated co&amp;de (latency chain and independent streams, both unroll lengths):</source>
        <translation>Сгенерированный &amp;код (цепочка задержки и независимые потоки, обе длины развёртки):</translation>
    </message>
    <message>
        <source>The code generated from the template appears here.</source>
        <translation>Здесь появится код, сгенерированный из шаблона.</translation>
    </message>
    <message>
        <source>Assembles. Run measures it on this machine.</source>
        <translation>Ассемблируется. «Запустить» измерит её на этой машине.</translation>
    </message>
    <message>
        <source>The assembler rejects it: %1</source>
        <translation>Ассемблер отвергает её: %1</translation>
    </message>
    <message>
        <source>Measured: see the results table.</source>
        <translation>Измерено: см. таблицу результатов.</translation>
    </message>
    <message>
        <source>The run %1: %2</source>
        <translation>Запуск %1: %2</translation>
    </message>
    <message>
        <source>Instruction benchmarks run on x86-64, AArch64 and MIPS64 only.</source>
        <translation>Тесты инструкций работают только на x86-64, AArch64 и MIPS64.</translation>
    </message>
    <message>
        <source>Checking with the assembler…</source>
        <translation>Проверка ассемблером…</translation>
    </message>
</context>
<context>
    <name>perfdash::DisassemblyModel</name>
    <message>
        <source>[not an instruction start]</source>
        <translation>[не начало инструкции]</translation>
    </message>
    <message>
        <source>%1, the hottest instruction</source>
        <translation>%1, самая горячая инструкция</translation>
    </message>
    <message>
        <source>The hottest instruction: the most samples of the function</source>
        <translation>Самая горячая инструкция: больше всего выборок функции</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Адрес</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>Доля %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Выборки</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Исходный код</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>Инструкция</translation>
    </message>
</context>
<context>
    <name>perfdash::DisassemblyPanel</name>
    <message>
        <source>Choose binaries folder…</source>
        <translation>Выбрать папку двоичных файлов…</translation>
    </message>
    <message>
        <source>Look for the recorded binaries under a folder first (FOLDER/usr/lib/…), as perf&apos;s --symfs does: a copy of the machine&apos;s files where they were recorded elsewhere</source>
        <translation>Сначала искать записанные двоичные файлы в папке (ПАПКА/usr/lib/…), как perf --symfs: копия файлов машины, если запись была сделана в другом месте</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Инструкции</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its instructions.</source>
        <translation>Выберите функцию в таблице или на flame graph, чтобы увидеть её инструкции.</translation>
    </message>
    <message>
        <source>Disassembling &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>Дизассемблирование &lt;b&gt;%1&lt;/b&gt;…</translation>
    </message>
    <message>
        <source>The instructions of &lt;b&gt;%1&lt;/b&gt; cannot be shown: %2</source>
        <translation>Инструкции &lt;b&gt;%1&lt;/b&gt; нельзя показать: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; in %2: %3 samples in its code</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; в %2: %3 выборок в её коде</translation>
    </message>
    <message>
        <source>%1 is inlined into %2 wherever it was sampled: its instructions are among these, at its own source lines.</source>
        <translation>%1 встроена в %2 везде, где попала в выборки: её инструкции среди этих, на её собственных строках исходного кода.</translation>
    </message>
    <message>
        <source>Instructions and lines: objdump of %1</source>
        <translation>Инструкции и строки: objdump файла %1</translation>
    </message>
    <message>
        <source>Folder of copies of the recorded binaries</source>
        <translation>Папка с копиями записанных двоичных файлов</translation>
    </message>
</context>
<context>
    <name>perfdash::EventBrowser</name>
    <message>
        <source>PMU model not present</source>
        <translation>Модель PMU отсутствует</translation>
    </message>
    <message>
        <source>Add to &amp;custom set</source>
        <translation>Добавить в &amp;свой набор</translation>
    </message>
    <message>
        <source>Checking availability… %p%</source>
        <translation>Проверка доступности… %p%</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Подробности</translation>
    </message>
    <message>
        <source>Add to custom set</source>
        <translation>Добавить в свой набор</translation>
    </message>
    <message>
        <source>Copy event names</source>
        <translation>Копировать имена событий</translation>
    </message>
    <message>
        <source>Filter by name or description (Ctrl+F); several words must all match</source>
        <translation>Фильтр по имени или описанию (Ctrl+F); должны совпасть все слова</translation>
    </message>
    <message>
        <source>All sources</source>
        <translation>Все источники</translation>
    </message>
    <message>
        <source>%1 (%L2)</source>
        <translation>%1 (%L2)</translation>
    </message>
    <message>
        <source>Countable &amp;here only</source>
        <translation>Только доступные з&amp;десь</translation>
    </message>
    <message>
        <source>Shows only the events this machine can count; events appear as they are checked.</source>
        <translation>Показывает только события, которые эта машина может считать; события появляются по мере проверки.</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>&amp;Источник:</translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation>&amp;PMU:</translation>
    </message>
    <message>
        <source>Custom event set</source>
        <translation>Свой набор событий</translation>
    </message>
    <message>
        <source>Drop events here or use &quot;Add to custom set&quot;. Double-click a slot name to rename it; METRICS formulas use these names.</source>
        <translation>Перетащите события сюда или используйте «Добавить в свой набор». Двойной щелчок по имени слота — переименовать; формулы METRICS используют эти имена.</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>О&amp;чистить</translation>
    </message>
    <message>
        <source>Add set to sess&amp;ion</source>
        <translation>Добавить набор в с&amp;еанс</translation>
    </message>
    <message>
        <source>Sa&amp;ve as group…</source>
        <translation>Сохранить как &amp;группу…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>All PMUs</source>
        <translation>Все PMU</translation>
    </message>
    <message>
        <source>%1 (%2, present)</source>
        <translation>%1 (%2, есть)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%L1 of %L2 events</source>
        <translation>Событий: %L1 из %L2</translation>
    </message>
    <message>
        <source>&amp;Add to measurement</source>
        <translation>&amp;Добавить в измерение</translation>
    </message>
    <message>
        <source>Adds the selected events to the measurement (also: double-click, Return, or drag them onto the setup page).</source>
        <translation>Добавляет выбранные события в измерение (также: двойной щелчок, Enter или перетаскивание на страницу настройки).</translation>
    </message>
    <message>
        <source>Add to measurement</source>
        <translation>Добавить в измерение</translation>
    </message>
</context>
<context>
    <name>perfdash::EventDetailsView</name>
    <message>
        <source>dynamic type of a kernel PMU</source>
        <translation>динамический тип PMU ядра</translation>
    </message>
    <message>
        <source>Select an event to see its description, encoding, unit masks and availability.</source>
        <translation>Выберите событие, чтобы увидеть его описание, кодировку, маски (umask) и доступность.</translation>
    </message>
    <message>
        <source>%1 event, PMU %2</source>
        <translation>Событие (%1), PMU %2</translation>
    </message>
    <message>
        <source>Also written: %1</source>
        <translation>Также записывается: %1</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>Доступность</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>Кодировка</translation>
    </message>
    <message>
        <source>Checking whether it can be counted here…</source>
        <translation>Проверка, можно ли считать его здесь…</translation>
    </message>
    <message>
        <source>Countable on this machine</source>
        <translation>Доступно для подсчёта на этой машине</translation>
    </message>
    <message>
        <source>Countable with restrictions: %1</source>
        <translation>Доступно с ограничениями: %1</translation>
    </message>
    <message>
        <source>Not countable here: %1</source>
        <translation>Здесь не считается: %1</translation>
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
        <translation>пользователь</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>ядро</translation>
    </message>
    <message>
        <source>hypervisor</source>
        <translation>гипервизор</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>простой</translation>
    </message>
    <message>
        <source>host</source>
        <translation>хост</translation>
    </message>
    <message>
        <source>guest</source>
        <translation>гость</translation>
    </message>
    <message>
        <source>excludes</source>
        <translation>исключает</translation>
    </message>
    <message>
        <source>precise_ip</source>
        <translation>precise_ip</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>масштаб</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>ЦП</translation>
    </message>
    <message>
        <source>%1 (counts system-wide only)</source>
        <translation>%1 (только общесистемный подсчёт)</translation>
    </message>
    <message>
        <source>after the closing &apos;/&apos; (%1u)</source>
        <translation>после закрывающей «/» (%1u)</translation>
    </message>
    <message>
        <source>after a &apos;:&apos; (%1:u)</source>
        <translation>после «:» (%1:u)</translation>
    </message>
    <message>
        <source>Modifiers</source>
        <translation>Модификаторы</translation>
    </message>
    <message>
        <source>perf modifiers go %1: u user space, k kernel, h hypervisor, G guest, H host, I exclude idle, p/pp/ppp precise. Naming any of u, k, h counts only the named levels.</source>
        <translation>Модификаторы perf ставятся %1: u — пространство пользователя, k — ядро, h — гипервизор, G — гость, H — хост, I — исключить простой, p/pp/ppp — точность. Если указан любой из u, k, h, считаются только указанные уровни.</translation>
    </message>
    <message>
        <source>default</source>
        <translation>по умолчанию</translation>
    </message>
    <message>
        <source>Unit masks</source>
        <translation>Маски (umask)</translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos; (%1:UMASK).</source>
        <translation>Добавляется после «:» (%1:UMASK).</translation>
    </message>
    <message>
        <source>Append after a &apos;:&apos;, a flag as NAME or NAME=1, a value as NAME=VALUE (%1:%2).</source>
        <translation>Добавляется после «:»: флаг как NAME или NAME=1, значение как NAME=VALUE (%1:%2).</translation>
    </message>
    <message>
        <source>Not known: %1</source>
        <translation>Неизвестно: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::EventTableModel</name>
    <message>
        <source>Hardware</source>
        <translation>Аппаратное</translation>
    </message>
    <message>
        <source>Hardware cache</source>
        <translation>Аппаратный кэш</translation>
    </message>
    <message>
        <source>Software</source>
        <translation>Программное</translation>
    </message>
    <message>
        <source>Tracepoint</source>
        <translation>Точка трассировки</translation>
    </message>
    <message>
        <source>Kernel PMU</source>
        <translation>PMU ядра</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>Сырое (raw)</translation>
    </message>
    <message>
        <source>libpfm4</source>
        <translation>libpfm4</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>проверка…</translation>
    </message>
    <message>
        <source>countable</source>
        <translation>доступно</translation>
    </message>
    <message>
        <source>Not checked yet: perfdash is checking which events can be counted here.</source>
        <translation>Ещё не проверено: perfdash проверяет, какие события можно считать здесь.</translation>
    </message>
    <message>
        <source>Can be counted on this machine.</source>
        <translation>Можно считать на этой машине.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>PMU</source>
        <translation>PMU</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>Доступность</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Описание</translation>
    </message>
    <message>
        <source>Loongson 2E/2F</source>
        <translation>Loongson 2E/2F</translation>
    </message>
    <message>
        <source>Hardware monitor (gauge)</source>
        <translation>Аппаратный монитор (показание)</translation>
    </message>
    <message>
        <source>Powercap (RAPL energy)</source>
        <translation>Powercap (энергия RAPL)</translation>
    </message>
</context>
<context>
    <name>perfdash::EventTotalsModel</name>
    <message>
        <source>Whole run (%1 s)</source>
        <translation>Весь запуск (%1 с)</translation>
    </message>
    <message>
        <source>Totals so far (%1 s)</source>
        <translation>Итоги на данный момент (%1 с)</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>не считается</translation>
    </message>
    <message>
        <source>Not counted: %1</source>
        <translation>Не считается: %1</translation>
    </message>
    <message>
        <source>Counter %1</source>
        <translation>Счётчик %1</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Мин.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Макс.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Среднее</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Покрытие</translation>
    </message>
    <message>
        <source>%1 (of %2 of %3 locations)</source>
        <translation>%1 (по %2 из %3 мест)</translation>
    </message>
    <message>
        <source>No coverage known: the counters never ran</source>
        <translation>Покрытие неизвестно: счётчики ни разу не работали</translation>
    </message>
    <message>
        <source>No location has a complete total</source>
        <translation>Ни в одном месте нет полного итога</translation>
    </message>
    <message>
        <source>Over the %1 of %2 locations whose total is complete; the others are n/a or partial</source>
        <translation>По %1 из %2 мест с полным итогом; у остальных итог н/д или частичный</translation>
    </message>
    <message>
        <source>no sum (gauge)</source>
        <translation>без суммы (показание)</translation>
    </message>
    <message>
        <source>A gauge: each location&apos;s latest reading (in %1), not a count; over the locations only Min, Max and Mean mean anything, never a Sum</source>
        <translation>Показание датчика: последнее значение в каждом месте (в %1), а не счётчик; по местам имеют смысл только минимум, максимум и среднее, но не сумма</translation>
    </message>
    <message>
        <source>Whole run of synthetic data, not measured (%1 s)</source>
        <translation>Весь запуск синтетических данных, не измерено (%1 с)</translation>
    </message>
    <message>
        <source>Whole run, recorded (%1 s)</source>
        <translation>Весь запуск, записанный (%1 с)</translation>
    </message>
    <message>
        <source>Not counted on %1: %2</source>
        <translation>Не подсчитано на %1: %2</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>  on %1</source>
        <translation>  на %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 на %2</translation>
    </message>
    <message>
        <source>%1 on the %2 cores alone: the CPUs of that core type, or a task&apos;s counts while it ran on them</source>
        <translation>%1 только на ядрах %2: ЦП этого типа ядер или счёт задачи, пока она на них выполнялась</translation>
    </message>
    <message>
        <source>likwid&apos;s code: %1</source>
        <translation>код likwid: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::FlameGraphPanel</name>
    <message>
        <source>Show all</source>
        <translation>Показать всё</translation>
    </message>
    <message>
        <source>Colour boxes by</source>
        <translation>Цвет прямоугольников по</translation>
    </message>
    <message>
        <source>Zoom out to the whole selection (Escape)</source>
        <translation>Уменьшить до всей выборки (Escape)</translation>
    </message>
    <message>
        <source>Colo&amp;ur by:</source>
        <translation>&amp;Цвет по:</translation>
    </message>
    <message>
        <source>Self share</source>
        <translation>Собственная доля</translation>
    </message>
</context>
<context>
    <name>perfdash::FlameGraphView</name>
    <message>
        <source>Flame graph</source>
        <translation>Флейм-граф</translation>
    </message>
    <message>
        <source>Flame graph coloured by self share</source>
        <translation>Флейм-граф, цвет по собственной доле</translation>
    </message>
    <message>
        <source>Flame graph coloured by %1</source>
        <translation>Флейм-граф, цвет по %1</translation>
    </message>
    <message>
        <source>self share</source>
        <translation>собственная доля</translation>
    </message>
    <message>
        <source>Colour: %1 from %2 (blue) to %3 (red)</source>
        <translation>Цвет: %1 от %2 (синий) до %3 (красный)</translation>
    </message>
    <message>
        <source>Colour: %1, known for no box</source>
        <translation>Цвет: %1, неизвестно ни для одного прямоугольника</translation>
    </message>
    <message>
        <source>; grey: not known, or too few samples to tell. Width: samples. Click a box to zoom in, its caller to zoom out.</source>
        <translation>; серый: неизвестно или слишком мало выборок. Ширина: выборки. Щелчок по прямоугольнику увеличивает его, по вызывающему — уменьшает.</translation>
    </message>
    <message>
        <source>1 box matches &apos;%1&apos;: %2 % of the samples</source>
        <translation>1 прямоугольник соответствует «%1»: %2 % выборок</translation>
    </message>
    <message>
        <source>%1 boxes match &apos;%2&apos;: %3 % of the samples</source>
        <translation>Прямоугольников, соответствующих «%2»: %1, %3 % выборок</translation>
    </message>
</context>
<context>
    <name>perfdash::FleetModel</name>
    <message>
        <source>connecting</source>
        <translation>подключение</translation>
    </message>
    <message>
        <source>live</source>
        <translation>в работе</translation>
    </message>
    <message>
        <source>%1 has no value of %2</source>
        <translation>у %1 нет значения %2</translation>
    </message>
    <message>
        <source>%1&apos;s %2 stands out from the other hosts&apos;</source>
        <translation>%2 узла %1 заметно отличается от значений других узлов</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Узел</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>%1 in each host&apos;s latest interval; ⚠: it stands out from the other hosts&apos;</source>
        <translation>%1 в последнем интервале каждого узла; ⚠: заметно отличается от других узлов</translation>
    </message>
</context>
<context>
    <name>perfdash::FleetRecorder</name>
    <message>
        <source>%1 has not sent an interval since it was added: wait for its first one</source>
        <translation>%1 не прислал ни одного интервала с момента добавления: дождитесь первого</translation>
    </message>
</context>
<context>
    <name>perfdash::FunctionChangesModel</name>
    <message>
        <source>Its self share in B minus that in A, in share points, ± the standard error of the difference (the two runs&apos; binomial errors, taken as independent)</source>
        <translation>Её собственная доля в B минус доля в A, в процентных пунктах, ± стандартная ошибка разности (биномиальные ошибки двух запусков, считая их независимыми)</translation>
    </message>
    <message>
        <source>%1 was not sampled in A</source>
        <translation>%1 не попала в выборки A</translation>
    </message>
    <message>
        <source>%1 was not sampled in B</source>
        <translation>%1 не попала в выборки B</translation>
    </message>
    <message>
        <source>Change [points]</source>
        <translation>Изменение [п. п.]</translation>
    </message>
    <message>
        <source>Self % A</source>
        <translation>Собств. % A</translation>
    </message>
    <message>
        <source>Self % B</source>
        <translation>Собств. % B</translation>
    </message>
    <message>
        <source>Samples A</source>
        <translation>Выборки A</translation>
    </message>
    <message>
        <source>Samples B</source>
        <translation>Выборки B</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Функция</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Модуль</translation>
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
        <translation>Сравнение функций</translation>
    </message>
    <message>
        <source>Flame graph of the change</source>
        <translation>Flame graph изменения</translation>
    </message>
    <message>
        <source>Neither session holds samples: sessions recorded with sampling (the Measure page&apos;s Sample, or perfdash-cli record) compare function by function.</source>
        <translation>Ни в одном сеансе нет выборок: по функциям сравниваются сеансы, записанные с сэмплированием (выборки на странице «Измерение» или perfdash-cli record).</translation>
    </message>
    <message>
        <source>Session A holds counts only, no samples: only sessions recorded with sampling compare function by function.</source>
        <translation>В сеансе A только счётчики, без выборок: по функциям сравниваются только сеансы, записанные с сэмплированием.</translation>
    </message>
    <message>
        <source>Session B holds counts only, no samples: only sessions recorded with sampling compare function by function.</source>
        <translation>В сеансе B только счётчики, без выборок: по функциям сравниваются только сеансы, записанные с сэмплированием.</translation>
    </message>
    <message>
        <source>Comparing the samples…</source>
        <translation>Сравнение выборок…</translation>
    </message>
    <message>
        <source>B against A, function by function: %1. Change: B&apos;s self share minus A&apos;s, in share points; the flame graph is B&apos;s, red where a box holds more of its run than in A, blue where less.</source>
        <translation>B против A, по функциям: %1. Изменение: собственная доля в B минус доля в A, в процентных пунктах; flame graph — от B, красный там, где блок занимает большую часть своего запуска, чем в A, синий — где меньшую.</translation>
    </message>
    <message>
        <source>The two runs sampled different groups: their metrics are not compared.</source>
        <translation>Два запуска сэмплировали разные группы: их метрики не сравниваются.</translation>
    </message>
</context>
<context>
    <name>perfdash::FunctionTableModel</name>
    <message>
        <source> [inlined into %1]</source>
        <translation> [встроена в %1]</translation>
    </message>
    <message>
        <source> [kernel]</source>
        <translation> [ядро]</translation>
    </message>
    <message>
        <source>Module: %1</source>
        <translation>Модуль: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Исходный файл: %1</translation>
    </message>
    <message>
        <source>Inlined into %1 wherever it was sampled</source>
        <translation>Встроена в %1 везде, где попала в выборку</translation>
    </message>
    <message>
        <source>Samples whose call stacks did not reach a process or thread entry: %1</source>
        <translation>Выборки, стек вызовов которых не дошёл до точки входа процесса или потока: %1</translation>
    </message>
    <message>
        <source>Its own samples (not those of what it calls) in the selection&apos;s, ± one standard error</source>
        <translation>Доля её собственных выборок (без вызываемых ею функций) среди выбранных, ± одна стандартная ошибка</translation>
    </message>
    <message>
        <source>The samples with it anywhere on the call stack, once per sample, ± one standard error</source>
        <translation>Доля выборок, где она есть в любом месте стека вызовов (по разу на выборку), ± одна стандартная ошибка</translation>
    </message>
    <message>
        <source>%1 on its own samples&apos; summed counts, ± its standard error</source>
        <translation>%1 по суммам счётчиков её собственных выборок, ± стандартная ошибка</translation>
    </message>
    <message>
        <source>Only %1 samples: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>Всего %1 выборок: меньше %2, слишком мало, чтобы отличить её метрики от шума</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1 (слишком мало выборок для вывода)</translation>
    </message>
    <message>
        <source>The event&apos;s count between samples, summed over the row&apos;s own samples</source>
        <translation>Счёт события между выборками, просуммированный по собственным выборкам строки</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Функция</translation>
    </message>
    <message>
        <source>Source file</source>
        <translation>Исходный файл</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Модуль</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Процесс</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Поток</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>Собственные %</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>Всего %</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Выборки</translation>
    </message>
</context>
<context>
    <name>perfdash::GroupDetails</name>
    <message>
        <source>Group details</source>
        <translation>Сведения о группе</translation>
    </message>
    <message>
        <source>Meaningful only with SMT (hyper-threading) off.</source>
        <translation>Имеет смысл только при отключённом SMT (hyper-threading).</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>События</translation>
    </message>
    <message>
        <source>not resolved: %1</source>
        <translation>не сопоставлено ни с одним событием: %1</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Метрики</translation>
    </message>
    <message>
        <source>About</source>
        <translation>О группе</translation>
    </message>
    <message>
        <source>Select a group to see its events, formulas and description.</source>
        <translation>Выберите группу, чтобы увидеть её события, формулы и описание.</translation>
    </message>
    <message>
        <source>(a reading in %1, not a count: min, max and average over the CPUs, never a sum)</source>
        <translation>(показание в %1, а не счётчик: минимум, максимум и среднее по процессорам, никогда не сумма)</translation>
    </message>
    <message>
        <source>absent here (n/a): %1</source>
        <translation>отсутствует здесь (н/д): %1</translation>
    </message>
    <message>
        <source>likwid&apos;s code</source>
        <translation>код likwid</translation>
    </message>
</context>
<context>
    <name>perfdash::GroupListModel</name>
    <message>
        <source>(cannot be used: see tooltip)</source>
        <translation>(нельзя использовать: см. подсказку)</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Описание</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>все %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Every event of %1 has an encoding on this machine&apos;s architecture; whether this machine can count it is shown under &quot;What will be counted&quot; once the group is ticked</source>
        <translation>У каждого события %1 есть кодировка для архитектуры этой машины; может ли эта машина их считать, видно в разделе «Что будет посчитано», когда группа отмечена</translation>
    </message>
    <message>
        <source>Not resolved here:
%1</source>
        <translation>Здесь не распознано:
%1</translation>
    </message>
    <message>
        <source>Resolve here</source>
        <translation>Распознаётся здесь</translation>
    </message>
    <message>
        <source>%1 of %2, %3 absent here</source>
        <translation>%1 из %2, %3 отсутствуют здесь</translation>
    </message>
    <message>
        <source>Absent here (boxes this machine lacks; the metrics are computed from the boxes it has and name them):
%1</source>
        <translation>Отсутствуют здесь (блоки, которых нет на этой машине; метрики вычисляются по имеющимся блокам и называют отсутствующие):
%1</translation>
    </message>
    <message>
        <source>, 1 likwid&apos;s code</source>
        <translation>, 1 код likwid</translation>
    </message>
    <message>
        <source>, %1 likwid&apos;s codes</source>
        <translation>, кодов likwid: %1</translation>
    </message>
    <message>
        <source>likwid&apos;s own codes, which no vendor list for this CPU has: counted as likwid-perfctr counts them, and the metrics computed from them say so:
%1</source>
        <translation>собственные коды likwid, которых нет ни в одном списке производителя для этого ЦП: считаются так же, как их считает likwid-perfctr, и вычисленные из них метрики говорят об этом:
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
        <translation>1 интервал</translation>
    </message>
    <message>
        <source>%1 intervals</source>
        <translation>интервалов: %1</translation>
    </message>
    <message>
        <source>%1 – %2 s (%3)</source>
        <translation>%1 – %2 с (%3)</translation>
    </message>
    <message>
        <source>no value: not counted here, or an input of the formula has none</source>
        <translation>нет значения: здесь не считается, или у входа формулы нет значения</translation>
    </message>
    <message>
        <source>highest %1, lowest %2</source>
        <translation>наибольшее %1, наименьшее %2</translation>
    </message>
    <message>
        <source>coverage: %1</source>
        <translation>покрытие: %1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>%1   · each cell: its intervals&apos; highest value · grey: no value</source>
        <translation>%1   · каждая ячейка: наибольшее значение её интервалов · серый: нет значения</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source> · blank: in another CPU&apos;s row</source>
        <translation> · пусто: значение в строке другого CPU</translation>
    </message>
</context>
<context>
    <name>perfdash::HeatMapView</name>
    <message>
        <source>&amp;Colour by:</source>
        <translation>&amp;Цвет по:</translation>
    </message>
    <message>
        <source>The metric or event rate whose value colours each CPU&apos;s cells</source>
        <translation>Метрика или частота события, значение которой окрашивает ячейки каждого ЦП</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>Ожидание первого интервала…</translation>
    </message>
    <message>
        <source>The heat map has a row per CPU, so it needs a session counted per CPU: choose Whole CPUs as the target, or pin the program to several CPUs. This session counts %1.</source>
        <translation>Тепловая карта содержит строку на каждый ЦП, поэтому ей нужен сеанс с подсчётом по ЦП: выберите целью «Целые ЦП» или закрепите программу за несколькими ЦП. Этот сеанс считает %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s) or process(es)</source>
        <translation>
            <numerusform>%n поток или процесс</numerusform>
            <numerusform>%n потока или процесса</numerusform>
            <numerusform>%n потоков или процессов</numerusform>
        </translation>
    </message>
    <message>
        <source>Socket %1</source>
        <translation>Сокет %1</translation>
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
        <translation>связке ключей рабочего стола (Secret Service), под именем «%1»</translation>
    </message>
    <message>
        <source>files readable only by you in %1 (no Secret Service on this session&apos;s bus)</source>
        <translation>файлах, доступных для чтения только вам, в %1 (на шине этого сеанса нет Secret Service)</translation>
    </message>
    <message>
        <source>the desktop&apos;s keyring did not give the token of %1: %2</source>
        <translation>связка ключей рабочего стола не выдала токен %1: %2</translation>
    </message>
    <message>
        <source>the token of %1 is kept under its old file name %2, which cannot be moved to %3 (%4): add %1 again with its token</source>
        <translation>токен %1 хранится под старым именем файла %2, который нельзя перенести в %3 (%4): добавьте %1 снова с его токеном</translation>
    </message>
</context>
<context>
    <name>perfdash::HostsPage</name>
    <message>
        <source>&apos;%1&apos; is not host:port: write e.g. node07:9464, 10.0.0.7:9464 or [fd00::7]:9464</source>
        <translation>«%1» — не host:port: напишите, например, node07:9464, 10.0.0.7:9464 или [fd00::7]:9464</translation>
    </message>
    <message>
        <source>&amp;Remove host</source>
        <translation>&amp;Удалить узел</translation>
    </message>
    <message>
        <source>host:port of a perfdash-cli serve agent, e.g. node07:9464</source>
        <translation>host:port агента perfdash-cli serve, например node07:9464</translation>
    </message>
    <message>
        <source>its token (the contents of its --token-file); empty for none</source>
        <translation>его токен (содержимое его --token-file); пусто, если токена нет</translation>
    </message>
    <message>
        <source>&amp;Add host</source>
        <translation>&amp;Добавить узел</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>&amp;Агент:</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>&amp;Токен:</translation>
    </message>
    <message>
        <source>Click a host&apos;s name to watch it in the Overview and Live pages. A value marked ⚠ stands out from the other hosts&apos;.</source>
        <translation>Щёлкните имя узла, чтобы следить за ним на страницах «Сводка» и «Живые данные». Значение с ⚠ заметно отличается от других узлов.</translation>
    </message>
    <message>
        <source>Hosts running &lt;tt&gt;perfdash-cli serve&lt;/tt&gt; (the perfdash agent). Their latest interval&apos;s key metrics side by side; sort by a column to find the odd one.</source>
        <translation>Узлы, на которых работает &lt;tt&gt;perfdash-cli serve&lt;/tt&gt; (агент perfdash). Ключевые метрики их последнего интервала рядом; отсортируйте по столбцу, чтобы найти выделяющийся.</translation>
    </message>
    <message>
        <source>%1; trying again in %2 s</source>
        <translation>%1; повторная попытка через %2 с</translation>
    </message>
    <message>
        <source>&amp;Compare hosts</source>
        <translation>&amp;Сравнить узлы</translation>
    </message>
    <message>
        <source>&amp;Save fleet session…</source>
        <translation>Со&amp;хранить сеанс парка…</translation>
    </message>
    <message>
        <source>&amp;Back to the live hosts</source>
        <translation>&amp;Назад к узлам в реальном времени</translation>
    </message>
    <message>
        <source>Select two hosts (Ctrl+click) to compare their runs on the Saved sessions page</source>
        <translation>Выберите два узла (Ctrl+щелчок), чтобы сравнить их запуски на странице «Сохранённые сеансы»</translation>
    </message>
    <message>
        <source>Save what the hosts sent since they were added: one session with a host dimension, that replays and exports like any other</source>
        <translation>Сохранить то, что узлы прислали с момента добавления: один сеанс с измерением по узлам, который воспроизводится и экспортируется как любой другой</translation>
    </message>
    <message>
        <source>Tokens are kept in %1.</source>
        <translation>Токены хранятся в %1.</translation>
    </message>
    <message>
        <source>Select a host to see what its agent says about itself.</source>
        <translation>Выберите узел, чтобы увидеть, что его агент сообщает о себе.</translation>
    </message>
    <message>
        <source>The token of %1 cannot be kept for the next start: %2</source>
        <translation>Токен %1 не удаётся сохранить до следующего запуска: %2</translation>
    </message>
    <message>
        <source>The watched intervals cannot be written to disk: %1. Nothing is lost; free space or make the directory writable, then save the fleet session.</source>
        <translation>Отслеженные интервалы не удаётся записать на диск: %1. Ничего не потеряно; освободите место или сделайте каталог доступным для записи, затем сохраните сеанс парка.</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>saved after %1 s watched</source>
        <translation>сохранён после %1 с наблюдения</translation>
    </message>
    <message>
        <source>saved: its whole run (%1 s)</source>
        <translation>сохранён: весь запуск (%1 с)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Saved fleet session&lt;/b&gt; %1: %n host(s), recorded %2. Click a host to replay it; select two to compare them.</source>
        <translation>
            <numerusform>&lt;b&gt;Сохранённый сеанс парка&lt;/b&gt; %1: %n узел, записан %2. Щёлкните узел, чтобы воспроизвести его; выберите два, чтобы сравнить их.</numerusform>
            <numerusform>&lt;b&gt;Сохранённый сеанс парка&lt;/b&gt; %1: %n узла, записан %2. Щёлкните узел, чтобы воспроизвести его; выберите два, чтобы сравнить их.</numerusform>
            <numerusform>&lt;b&gt;Сохранённый сеанс парка&lt;/b&gt; %1: %n узлов, записан %2. Щёлкните узел, чтобы воспроизвести его; выберите два, чтобы сравнить их.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;%1&apos;s info was not saved: its agent did not answer GET /api/v1/info while it was watched.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Сведения о %1 не сохранены: его агент не ответил на GET /api/v1/info, пока за ним наблюдали.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Asking %1 for its info…&lt;/p&gt;</source>
        <translation>&lt;p&gt;Запрос сведений у %1…&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 is not a host of the fleet session shown</source>
        <translation>%1 не входит в показанный сеанс парка</translation>
    </message>
    <message>
        <source>&amp;Profile host</source>
        <translation>&amp;Профилировать узел</translation>
    </message>
    <message>
        <source>Sample the selected host&apos;s CPUs for the seconds chosen (its agent&apos;s GET /api/v1/profile) and show where the time went on the Hotspots page</source>
        <translation>Снять выборки на ЦП выбранного узла за заданное число секунд (GET /api/v1/profile его агента) и показать на странице «Горячие точки», на что ушло время</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>How long the host&apos;s agent samples its CPUs</source>
        <translation>Сколько времени агент узла снимает выборки на своих ЦП</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n sample(s) in %2 s, shown on the Hotspots page</source>
        <translation>
            <numerusform>%1: %n выборка за %2 с, показана на странице «Горячие точки»</numerusform>
            <numerusform>%1: %n выборки за %2 с, показаны на странице «Горячие точки»</numerusform>
            <numerusform>%1: %n выборок за %2 с, показаны на странице «Горячие точки»</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 s profile</source>
        <translation>%1, профиль за %2 с</translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1: %2; %3.</translation>
    </message>
    <message>
        <source>Sampling %1&apos;s CPUs for %2 s…</source>
        <translation>Снимаются выборки на ЦП %1 в течение %2 с…</translation>
    </message>
</context>
<context>
    <name>perfdash::HotspotsPage</name>
    <message>
        <source>DWARF unwinding</source>
        <translation>раскрутка по DWARF</translation>
    </message>
    <message>
        <source>frame pointers</source>
        <translation>указатели кадров</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>Функции</translation>
    </message>
    <message>
        <source>Source files</source>
        <translation>Исходные файлы</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Модули</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Процессы</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Rows are</source>
        <translation>Строки</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>Фильтр по имени</translation>
    </message>
    <message>
        <source>Hotspots</source>
        <translation>Горячие точки</translation>
    </message>
    <message>
        <source>Ro&amp;ws:</source>
        <translation>&amp;Строки:</translation>
    </message>
    <message>
        <source>&amp;Name contains:</source>
        <translation>&amp;Имя содержит:</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples of %3%4, call stacks: %5; recorded, not measured now</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 выборок %3%4, стеки вызовов: %5; записанные данные, не текущее измерение</translation>
    </message>
    <message>
        <source>%1 (%2) is not in the samples: %3</source>
        <translation>%1 (%2) нет в выборках: %3</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Предупреждение: %1</translation>
    </message>
    <message>
        <source>Marker region</source>
        <translation>Область маркера</translation>
    </message>
    <message>
        <source>all; or from-to, e.g. 2-5, 1.5s-, -3s</source>
        <translation>все; или от-до, например 2-5, 1.5s-, -3s</translation>
    </message>
    <message>
        <source>Time range in seconds</source>
        <translation>Интервал времени в секундах</translation>
    </message>
    <message>
        <source>M&amp;arker region:</source>
        <translation>О&amp;бласть маркера:</translation>
    </message>
    <message>
        <source>Se&amp;conds:</source>
        <translation>С&amp;екунды:</translation>
    </message>
    <message>
        <source>All samples</source>
        <translation>Все выборки</translation>
    </message>
    <message>
        <source>The session has no marker regions (perfdash-cli record -m, with the marker API)</source>
        <translation>В сессии нет областей маркера (perfdash-cli record -m, с API маркеров)</translation>
    </message>
    <message>
        <source>Seconds: %1</source>
        <translation>Секунды: %1</translation>
    </message>
    <message>
        <source>Selection: %1</source>
        <translation>Выбрано: %1</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>Флейм-граф</translation>
    </message>
    <message>
        <source>Top-down call tree</source>
        <translation>Дерево вызовов сверху вниз</translation>
    </message>
    <message>
        <source>Top down</source>
        <translation>Сверху вниз</translation>
    </message>
    <message>
        <source>Bottom up</source>
        <translation>Снизу вверх</translation>
    </message>
    <message>
        <source>Callers and callees</source>
        <translation>Вызывающие и вызываемые</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Исходный код</translation>
    </message>
    <message>
        <source>%1 samples of %2%3, call stacks: %4</source>
        <translation>%1 выборок %2%3, стеки вызовов: %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;, so far: %1; updated twice a second</source>
        <translation>&lt;b&gt;Вживую&lt;/b&gt;, пока: %1; обновляется дважды в секунду</translation>
    </message>
    <message>
        <source>&lt;b&gt;This run&lt;/b&gt;: %1; it has ended, and its session could not be saved</source>
        <translation>&lt;b&gt;Этот запуск&lt;/b&gt;: %1; он закончился, и его сеанс не удалось сохранить</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2; the run has ended</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2; запуск закончился</translation>
    </message>
    <message>
        <source>Disassembly</source>
        <translation>Дизассемблер</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Примечание: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::IpcCurveModel</name>
    <message>
        <source>n/a: %1</source>
        <translation>н/д: %1</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>Chains</source>
        <translation>Цепочки</translation>
    </message>
    <message>
        <source>%1 independent chains of %2: %3 cycles per instruction from the fastest runs, %4 from the median runs, over %5 repetitions</source>
        <translation>%1 независимых цепочек %2: %3 тактов на инструкцию по самым быстрым прогонам, %4 по медианным, по %5 повторениям</translation>
    </message>
</context>
<context>
    <name>perfdash::IpcLineChart</name>
    <message>
        <source>independent chains</source>
        <translation>независимые цепочки</translation>
    </message>
    <message>
        <source>instructions per cycle</source>
        <translation>инструкций за такт</translation>
    </message>
    <message>
        <source>No IPC curves yet</source>
        <translation>Кривых IPC пока нет</translation>
    </message>
    <message>
        <source>Max IPC, measured on this machine</source>
        <translation>Макс. IPC, измерено на этой машине</translation>
    </message>
</context>
<context>
    <name>perfdash::Language</name>
    <message>
        <source>System language</source>
        <translation>Язык системы</translation>
    </message>
</context>
<context>
    <name>perfdash::LiveHost</name>
    <message>
        <source>its stream (GET /api/v1/stream) failed: %1</source>
        <translation>его поток (GET /api/v1/stream) не удался: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::LiveView</name>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Временная шкала</translation>
    </message>
    <message>
        <source>Run &amp;summary</source>
        <translation>&amp;Сводка запуска</translation>
    </message>
    <message>
        <source>&amp;Metrics</source>
        <translation>&amp;Метрики</translation>
    </message>
    <message>
        <source>&amp;Counts</source>
        <translation>&amp;Значения</translation>
    </message>
    <message>
        <source>No counts yet.</source>
        <translation>Значений пока нет.</translation>
    </message>
    <message>
        <source>No metric values yet.</source>
        <translation>Значений метрик пока нет.</translation>
    </message>
    <message>
        <source>&amp;Heat map</source>
        <translation>&amp;Тепловая карта</translation>
    </message>
    <message>
        <source>%1: every event counted all the time (coverage 100 %)</source>
        <translation>%1: каждое событие считалось всё время (покрытие 100 %)</translation>
    </message>
    <message>
        <source>To&amp;p-down</source>
        <translation>&amp;Нисходящий анализ</translation>
    </message>
    <message>
        <source>&amp;Where? Sample this metric&apos;s group by function</source>
        <translation>&amp;Где? Сэмплировать группу этой метрики по функциям</translation>
    </message>
    <message>
        <source>Roofli&amp;ne</source>
        <translation>Roofli&amp;ne</translation>
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
        <translation>Соб&amp;ытия</translation>
    </message>
    <message>
        <source>&amp;Machine</source>
        <translation>&amp;Машина</translation>
    </message>
    <message>
        <source>Program output</source>
        <translation>Вывод программы</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>Program &amp;output</source>
        <translation>&amp;Вывод программы</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>What can be counted &amp;here</source>
        <translation>&amp;Что можно считать здесь</translation>
    </message>
    <message>
        <source>&amp;About perfdash</source>
        <translation>&amp;О perfdash</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>Измерение</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation>Завершение…</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <source>Measurement finished after %1 s; the program&apos;s exit status was %2</source>
        <translation>Измерение завершено через %1 с; код завершения программы: %2</translation>
    </message>
    <message>
        <source>Measurement finished after %1 s</source>
        <translation>Измерение завершено через %1 с</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>The new language is used from the next start of perfdash.</source>
        <translation>Новый язык будет применён при следующем запуске perfdash.</translation>
    </message>
    <message>
        <source>About perfdash</source>
        <translation>О perfdash</translation>
    </message>
    <message>
        <source>&lt;h3&gt;perfdash %1&lt;/h3&gt;&lt;p&gt;CPU performance counters on Linux: perf_event grouped reads, likwid-format performance groups and metrics, live timelines.&lt;/p&gt;&lt;p&gt;The command-line front end is &lt;tt&gt;perfdash-cli&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;perfdash %1&lt;/h3&gt;&lt;p&gt;Счётчики производительности ЦП в Linux: групповое чтение perf_event, группы производительности и метрики в формате likwid, временные шкалы в реальном времени.&lt;/p&gt;&lt;p&gt;Интерфейс командной строки — &lt;tt&gt;perfdash-cli&lt;/tt&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Measurement running</source>
        <translation>Идёт измерение</translation>
    </message>
    <message>
        <source>A measurement is running. Stop it and quit? A launched program is terminated.</source>
        <translation>Идёт измерение. Остановить его и выйти? Запущенная программа будет завершена.</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>&amp;Живые данные</translation>
    </message>
    <message>
        <source>Re&amp;gions</source>
        <translation>&amp;Области</translation>
    </message>
    <message>
        <source>Saved sess&amp;ions</source>
        <translation>Сохранённые с&amp;еансы</translation>
    </message>
    <message>
        <source>&amp;Probes</source>
        <translation>&amp;Пробы</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Живые данные</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;: measuring now</source>
        <translation>&lt;b&gt;Живые данные&lt;/b&gt;: идёт измерение</translation>
    </message>
    <message>
        <source>The session cannot be saved</source>
        <translation>Не удаётся сохранить сеанс</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>&amp;Экспорт отчёта…</translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation>&amp;Сравнить с…</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>&amp;Настройки</translation>
    </message>
    <message>
        <source>Cannot open the session</source>
        <translation>Не удаётся открыть сеанс</translation>
    </message>
    <message>
        <source>Replay of %1</source>
        <translation>Воспроизведение %1</translation>
    </message>
    <message>
        <source>perfdash — replay of %1</source>
        <translation>perfdash — воспроизведение %1</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Открыт %1</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>Нечего экспортировать</translation>
    </message>
    <message>
        <source>Cannot export the report</source>
        <translation>Не удаётся экспортировать отчёт</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Отчёт записан в %1</translation>
    </message>
    <message>
        <source>Cannot compare the sessions</source>
        <translation>Не удаётся сравнить сеансы</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>Compare with session</source>
        <translation>Сравнить с сеансом</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: the run&apos;s counters, saved as a session (File → Export to write a report)</source>
        <translation>&lt;b&gt;Завершено&lt;/b&gt;: счётчики запуска сохранены как сеанс (Файл → Экспорт, чтобы записать отчёт)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of %1, recorded %2: saved data, not measured now. %3</source>
        <translation>&lt;b&gt;Воспроизведение&lt;/b&gt; %1, записан %2: сохранённые данные, а не текущее измерение. %3</translation>
    </message>
    <message>
        <source>Export c&amp;hart…</source>
        <translation>Экспорт &amp;графика…</translation>
    </message>
    <message>
        <source>Save the charts of this page as a PNG or SVG image</source>
        <translation>Сохранить графики этой страницы как изображение PNG или SVG</translation>
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
        <translation>Воспроизведение</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt;</source>
        <translation>&lt;b&gt;Воспроизведение&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No chart to export</source>
        <translation>Нет графика для экспорта</translation>
    </message>
    <message>
        <source>Show a timeline on the Live page, or select a row of a comparison, then export its chart.</source>
        <translation>Покажите временной ряд на странице «Живые данные» или выберите строку сравнения, затем экспортируйте его график.</translation>
    </message>
    <message>
        <source>%1: the chart is saved as PNG or SVG; choose a file name ending in .png or .svg.</source>
        <translation>%1: график сохраняется в формате PNG или SVG; выберите имя файла, оканчивающееся на .png или .svg.</translation>
    </message>
    <message>
        <source>Cannot export the chart</source>
        <translation>Не удаётся экспортировать график</translation>
    </message>
    <message>
        <source>Chart written to %1</source>
        <translation>График записан в %1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Изображение PNG (*.png)</translation>
    </message>
    <message>
        <source>SVG image, for reports (*.svg)</source>
        <translation>Изображение SVG для отчётов (*.svg)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Экспорт графика</translation>
    </message>
    <message>
        <source>A measurement is running and the Live page is showing it: stop it (Run → Stop), then open %1.</source>
        <translation>Идёт измерение, и страница «Живые данные» показывает его: остановите его (Запуск → Остановить замеры), затем откройте %1.</translation>
    </message>
    <message numerus="yes">
        <source> &lt;b&gt;Incomplete&lt;/b&gt;: the run never finished saving; its whole-run totals and metrics were computed from the %n interval(s) saved.</source>
        <translation>
            <numerusform> &lt;b&gt;Не завершён&lt;/b&gt;: сеанс так и не был сохранён до конца; итоги и метрики за весь запуск вычислены по %n сохранённому интервалу.</numerusform>
            <numerusform> &lt;b&gt;Не завершён&lt;/b&gt;: сеанс так и не был сохранён до конца; итоги и метрики за весь запуск вычислены по %n сохранённым интервалам.</numerusform>
            <numerusform> &lt;b&gt;Не завершён&lt;/b&gt;: сеанс так и не был сохранён до конца; итоги и метрики за весь запуск вычислены по %n сохранённым интервалам.</numerusform>
        </translation>
    </message>
    <message>
        <source>Start a measurement to see its counters here, or open a saved session (File → Open).</source>
        <translation>Начните измерение, чтобы увидеть здесь его счётчики, или откройте сохранённый сеанс (Файл → Открыть).</translation>
    </message>
    <message>
        <source>Mea&amp;sure</source>
        <translation>&amp;Измерение</translation>
    </message>
    <message>
        <source>Added to the measurement: %1</source>
        <translation>Добавлено в измерение: %1</translation>
    </message>
    <message>
        <source>Saved group %1 to %2: it is now in the measurement&apos;s group list</source>
        <translation>Группа %1 сохранена в %2: теперь она в списке групп измерения</translation>
    </message>
    <message>
        <source>Measurement</source>
        <translation>Измерение</translation>
    </message>
    <message>
        <source>Run a measurement or open a saved session first.</source>
        <translation>Сначала выполните измерение или откройте сохранённый сеанс.</translation>
    </message>
    <message>
        <source>O&amp;verview</source>
        <translation>Сво&amp;дка</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of %1: &lt;b&gt;synthetic data&lt;/b&gt;, not measured on any machine (%2). %3</source>
        <translation>&lt;b&gt;Воспроизведение&lt;/b&gt; %1: &lt;b&gt;синтетические данные&lt;/b&gt;, не измерены ни на одной машине (%2). %3</translation>
    </message>
    <message>
        <source>H&amp;osts</source>
        <translation>&amp;Узлы</translation>
    </message>
    <message>
        <source>Stop the measurement first: the Live page shows one run at a time</source>
        <translation>Сначала остановите измерение: страница «Живые данные» показывает один запуск за раз</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: live from its agent, from the next interval on</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: данные от его агента в реальном времени, начиная со следующего интервала</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>Watching %1</source>
        <translation>Наблюдение за %1</translation>
    </message>
    <message>
        <source>%1, host %2</source>
        <translation>%1, узел %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: live from its agent. %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: данные от его агента в реальном времени. %2</translation>
    </message>
    <message>
        <source>Cannot save the fleet session</source>
        <translation>Не удаётся сохранить сеанс парка</translation>
    </message>
    <message>
        <source>Fleet session saved to %1</source>
        <translation>Сеанс парка сохранён в %1</translation>
    </message>
    <message>
        <source>Save fleet session</source>
        <translation>Сохранить сеанс парка</translation>
    </message>
    <message>
        <source>%1 (host %2)</source>
        <translation>%1 (узел %2)</translation>
    </message>
    <message>
        <source>Live from %1, counting since %2</source>
        <translation>Вживую: %1, подсчёт с %2</translation>
    </message>
    <message>
        <source>The measurement goes on. The intervals that could not be saved are kept in memory, with the ones still to come, so none is lost.

To keep the whole run, choose File → Export report… when it has ended (Run → Stop ends it now) and save it as a .json report where there is room: it opens again like any session. Quitting perfdash, starting another run or opening another session before that loses the intervals kept in memory.</source>
        <translation>Измерение продолжается. Интервалы, которые не удалось сохранить, хранятся в памяти вместе с последующими, так что ничего не потеряно.

Чтобы сохранить весь запуск, после его окончания выберите Файл → Экспорт отчёта… (Запуск → Стоп завершает его сейчас) и сохраните его как отчёт .json там, где есть место: он открывается снова как любой сеанс. Если до этого выйти из perfdash, начать другой запуск или открыть другой сеанс, интервалы в памяти будут потеряны.</translation>
    </message>
    <message>
        <source>The run has ended. The intervals that could not be saved are kept in memory, so none is lost.

To keep the whole run, choose File → Export report… and save it as a .json report where there is room: it opens again like any session. Quitting perfdash, starting another run or opening another session before that loses the intervals kept in memory.</source>
        <translation>Запуск завершён. Интервалы, которые не удалось сохранить, хранятся в памяти, так что ничего не потеряно.

Чтобы сохранить весь запуск, выберите Файл → Экспорт отчёта… и сохраните его как отчёт .json там, где есть место: он открывается снова как любой сеанс. Если до этого выйти из perfdash, начать другой запуск или открыть другой сеанс, интервалы в памяти будут потеряны.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: its session could not be saved, so the intervals are kept in memory only: File → Export report… keeps them</source>
        <translation>&lt;b&gt;Завершено&lt;/b&gt;: сеанс не удалось сохранить, поэтому интервалы есть только в памяти: Файл → Экспорт отчёта… сохранит их</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished&lt;/b&gt;: its session could not be saved; the run was exported to %1</source>
        <translation>&lt;b&gt;Завершено&lt;/b&gt;: сеанс не удалось сохранить; запуск экспортирован в %1</translation>
    </message>
    <message>
        <source>A measurement is running and its session could not be saved: quitting stops it, terminates a launched program and loses the intervals kept in memory (File → Export report… keeps them once it has ended). Quit anyway?</source>
        <translation>Идёт измерение, и его сеанс не удалось сохранить: выход остановит его, завершит запущенную программу и потеряет интервалы в памяти (Файл → Экспорт отчёта… сохранит их после окончания запуска). Всё равно выйти?</translation>
    </message>
    <message>
        <source>The last run&apos;s session could not be saved: quitting loses the intervals kept in memory (File → Export report… keeps them). Quit anyway?</source>
        <translation>Сеанс последнего запуска не удалось сохранить: при выходе интервалы в памяти будут потеряны (Файл → Экспорт отчёта… сохранит их). Всё равно выйти?</translation>
    </message>
    <message>
        <source>Run not saved</source>
        <translation>Запуск не сохранён</translation>
    </message>
    <message>
        <source>%1; %2, then click the host again.</source>
        <translation>%1; %2, затем снова щёлкните по узлу.</translation>
    </message>
    <message>
        <source>Hotspots</source>
        <translation>Горячие точки</translation>
    </message>
    <message>
        <source>The samples of &lt;b&gt;%1&lt;/b&gt; cannot be read: %2</source>
        <translation>Не удаётся прочитать выборки &lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; holds counts only, no samples: &lt;code&gt;perfdash-cli record&lt;/code&gt; records both, and its session shows here where the events happen.</source>
        <translation>В &lt;b&gt;%1&lt;/b&gt; только счётчики, без выборок: &lt;code&gt;perfdash-cli record&lt;/code&gt; записывает и то и другое, и его сессия показывает здесь, где происходят события.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt;: sampling; the first samples show here within a second.</source>
        <translation>&lt;b&gt;Вживую&lt;/b&gt;: идёт сэмплирование; первые выборки появятся здесь в течение секунды.</translation>
    </message>
    <message>
        <source>The samples cannot be compared: %1</source>
        <translation>Выборки нельзя сравнить: %1</translation>
    </message>
    <message>
        <source>This run has no samples to show the hot functions of a time range: tick Sample by function too on the Measure page</source>
        <translation>У этого запуска нет выборок, чтобы показать горячие функции интервала времени: отметьте «Также сэмплировать по функциям» на странице «Измерение»</translation>
    </message>
    <message>
        <source>This run has no samples of region %1 to show its hot functions: tick Sample by function too on the Measure page</source>
        <translation>У этого запуска нет выборок области %1, чтобы показать её горячие функции: отметьте «Также сэмплировать по функциям» на странице «Измерение»</translation>
    </message>
    <message>
        <source>No samples: tick &lt;i&gt;Sample by function too&lt;/i&gt; on the Measure page and start, to see here where the group&apos;s events happen, by function, source line and call stack, as the program runs. A session of &lt;code&gt;perfdash-cli record&lt;/code&gt; shows here too (File → Open).</source>
        <translation>Нет выборок: отметьте &lt;i&gt;Также сэмплировать по функциям&lt;/i&gt; на странице «Измерение» и запустите, чтобы видеть здесь, где происходят события группы, по функциям, строкам исходного кода и стекам вызовов, пока программа работает. Сеанс &lt;code&gt;perfdash-cli record&lt;/code&gt; тоже показывается здесь (Файл → Открыть).</translation>
    </message>
    <message>
        <source>&amp;Open session or perf.data…</source>
        <translation>&amp;Открыть сеанс или perf.data…</translation>
    </message>
    <message>
        <source>Cannot open the perf.data file</source>
        <translation>Не удаётся открыть файл perf.data</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, a file of &lt;code&gt;perf record&lt;/code&gt;: samples only, no counts; its functions, call stacks and flame graph are on the Hotspots page</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, файл &lt;code&gt;perf record&lt;/code&gt;: только выборки, без счётчиков; его функции, стеки вызовов и flame graph — на странице «Горячие точки»</translation>
    </message>
    <message>
        <source>%1 holds samples, no counts: see the Hotspots page.</source>
        <translation>В %1 есть выборки, но нет счётчиков: см. страницу «Горячие точки».</translation>
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
        <translation>Открыть сеанс или файл perf.data</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasureSection</name>
    <message>
        <source>Measure</source>
        <translation>Измерение</translation>
    </message>
    <message>
        <source>Performance groups</source>
        <translation>Группы производительности</translation>
    </message>
    <message>
        <source>Tick the groups to measure; select one to see its events and formulas</source>
        <translation>Отметьте группы для измерения; выберите группу, чтобы увидеть её события и формулы</translation>
    </message>
    <message>
        <source>e.g. page-faults,sched:sched_switch,cpu/event=0x3c/</source>
        <translation>например page-faults,sched:sched_switch,cpu/event=0x3c/</translation>
    </message>
    <message>
        <source>Events measured together as one set, besides the groups: perf names, pmu/…/ terms, tracepoints and libpfm4 names, separated by commas</source>
        <translation>События, измеряемые вместе одним набором помимо групп: имена perf, термины pmu/…/, точки трассировки и имена libpfm4 через запятую</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>totals only</source>
        <translation>только итоги</translation>
    </message>
    <message>
        <source>How often the counters are read for the timeline; &quot;totals only&quot; reads them at the end</source>
        <translation>Как часто счётчики считываются для временной шкалы; «только итоги» — считывание в конце</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>until it ends or Stop</source>
        <translation>до завершения или «Стоп»</translation>
    </message>
    <message>
        <source>Stop after this long (a launched program is then terminated)</source>
        <translation>Остановить через это время (запущенная программа будет завершена)</translation>
    </message>
    <message>
        <source>&amp;Events:</source>
        <translation>&amp;События:</translation>
    </message>
    <message>
        <source>Inter&amp;val:</source>
        <translation>&amp;Интервал:</translation>
    </message>
    <message>
        <source>Dura&amp;tion:</source>
        <translation>&amp;Длительность:</translation>
    </message>
    <message>
        <source>Saved groups no longer available here, left out: %1</source>
        <translation>Сохранённые группы здесь больше недоступны и пропущены: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;For a program instrumented with the marker API: besides the whole program, every code region between &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; and &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; is counted per thread with the chosen groups, like likwid-perfctr -m. The results appear in the Regions view.&lt;/p&gt;&lt;p&gt;Build the program with &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; and link it with &lt;code&gt;-lperfdash_marker&lt;/code&gt;; call &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; once at the start and &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; at the end. A program written for likwid (&lt;code&gt;LIKWID_MARKER_*&lt;/code&gt;) needs only a rebuild against perfdash&apos;s &lt;code&gt;likwid-marker.h&lt;/code&gt;. Without the markers the run still counts the whole program and says that no regions were reported.&lt;/p&gt;&lt;p&gt;The whole guide: docs/marker.md.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Для программы, размеченной с помощью marker API: помимо всей программы, каждая область кода между &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; и &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; считается по потокам с выбранными группами, как в likwid-perfctr -m. Результаты появляются в представлении «Области».&lt;/p&gt;&lt;p&gt;Соберите программу с &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; и скомпонуйте с &lt;code&gt;-lperfdash_marker&lt;/code&gt;; вызовите &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; один раз в начале и &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; в конце. Программе, написанной для likwid (&lt;code&gt;LIKWID_MARKER_*&lt;/code&gt;), нужна лишь пересборка с &lt;code&gt;likwid-marker.h&lt;/code&gt; из perfdash. Без маркеров запуск всё равно считает всю программу и сообщает, что области не получены.&lt;/p&gt;&lt;p&gt;Полное руководство: docs/marker.md.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Count &amp;marker regions (the program uses the perfdash/likwid marker API)</source>
        <translation>Считать области &amp;маркеров (программа использует marker API perfdash/likwid)</translation>
    </message>
    <message>
        <source>How to instrument a program</source>
        <translation>Как разметить программу</translation>
    </message>
    <message>
        <source>Count wit&amp;h:</source>
        <translation>Считать &amp;с помощью:</translation>
    </message>
    <message>
        <source>Regions:</source>
        <translation>Области:</translation>
    </message>
    <message>
        <source>Only a launched program can count its marker regions: they are counted inside the program that perfdash starts.</source>
        <translation>Области маркеров может считать только запущенная программа: они считаются внутри программы, которую запускает perfdash.</translation>
    </message>
    <message>
        <source>Samples the first group&apos;s leader (a software clock where this machine cannot sample it) and reads the group&apos;s other events with each sample, as perfdash-cli record does: the Hotspots page shows the functions, lines and call stacks live, and the session keeps the samples</source>
        <translation>Сэмплирует ведущее событие первой группы (программные часы, где эта машина не может его сэмплировать) и читает остальные события группы с каждой выборкой, как perfdash-cli record: страница «Горячие точки» показывает функции, строки и стеки вызовов вживую, а сеанс сохраняет выборки</translation>
    </message>
    <message>
        <source> Hz</source>
        <translation> Гц</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>Выборок в секунду</translation>
    </message>
    <message>
        <source>About this many samples a second per thread or CPU (perf record -F)</source>
        <translation>Примерно столько выборок в секунду на поток или CPU (perf record -F)</translation>
    </message>
    <message>
        <source>frame pointers</source>
        <translation>указатели кадров</translation>
    </message>
    <message>
        <source>DWARF unwinding</source>
        <translation>раскрутка по DWARF</translation>
    </message>
    <message>
        <source>no call stacks</source>
        <translation>без стеков вызовов</translation>
    </message>
    <message>
        <source>Call stacks</source>
        <translation>Стеки вызовов</translation>
    </message>
    <message>
        <source>How call stacks are taken: frame pointers (cheap; needs programs built with them), DWARF unwinding (any program with debug information; a copy of the stack per sample), or none</source>
        <translation>Как берутся стеки вызовов: указатели кадров (дёшево; программы должны быть собраны с ними), раскрутка по DWARF (любая программа с отладочной информацией; копия стека на каждую выборку) или никак</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>Выборки:</translation>
    </message>
    <message>
        <source>Sample b&amp;y function too (Hotspots page)</source>
        <translation>Также сэмплировать по функциям (&amp;y) (страница «Горячие точки»)</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasurementActions</name>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Старт</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Пауза</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>С&amp;топ</translation>
    </message>
    <message>
        <source>Start measuring what the form describes (uncountable events are left out)</source>
        <translation>Начать измерение согласно форме (недоступные события пропускаются)</translation>
    </message>
    <message>
        <source>Pause counting (the program keeps running); again to resume</source>
        <translation>Приостановить подсчёт (программа продолжает работать); повторно — продолжить</translation>
    </message>
    <message>
        <source>End the measurement; a launched program still running is terminated</source>
        <translation>Завершить измерение; запущенная программа, если ещё работает, будет завершена</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>П&amp;родолжить</translation>
    </message>
</context>
<context>
    <name>perfdash::MeasurementLog</name>
    <message>
        <source>C&amp;lear Log</source>
        <translation>&amp;Очистить журнал</translation>
    </message>
    <message>
        <source>Program output</source>
        <translation>Вывод программы</translation>
    </message>
    <message>
        <source>The program&apos;s output appears here when a measurement runs.</source>
        <translation>Здесь появляется вывод программы во время измерения.</translation>
    </message>
    <message>
        <source>Remove everything from the log</source>
        <translation>Удалить всё из журнала</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt;</source>
        <translation>&lt;b&gt;Вывод&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Started %1 (PID %2)</source>
        <translation>Запущено: %1 (PID %2)</translation>
    </message>
    <message>
        <source>Attached to process %1</source>
        <translation>Подключено к процессу %1</translation>
    </message>
    <message>
        <source>Counting CPUs %1</source>
        <translation>Подсчёт на ЦП %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Предупреждение: %1</translation>
    </message>
    <message>
        <source>after %1 s</source>
        <translation>через %1 с</translation>
    </message>
    <message>
        <source>Measurement interrupted (stopped before the end) %1</source>
        <translation>Измерение прервано (остановлено до конца) %1</translation>
    </message>
    <message>
        <source>Measurement finished %1</source>
        <translation>Измерение завершено %1</translation>
    </message>
    <message>
        <source>Program terminated by signal %1 (%2): exit status %3 %4</source>
        <translation>Программа завершена сигналом %1 (%2): код завершения %3 %4</translation>
    </message>
    <message>
        <source>Program exited with status %1 %2</source>
        <translation>Программа завершилась с кодом %1 %2</translation>
    </message>
</context>
<context>
    <name>perfdash::MetricValuesModel</name>
    <message>
        <source>Whole run (%1 s)</source>
        <translation>Весь запуск (%1 с)</translation>
    </message>
    <message>
        <source>Latest interval (t = %1 s)</source>
        <translation>Последний интервал (t = %1 с)</translation>
    </message>
    <message>
        <source>The lowest coverage of the group&apos;s events: below 100% the events were multiplexed and scaled up</source>
        <translation>Наименьшее покрытие среди событий группы: ниже 100% события мультиплексировались и значения масштабированы</translation>
    </message>
    <message>
        <source>n/a: an input of the formula was not counted, or it divided by zero</source>
        <translation>н/д: одно из входных значений формулы не считалось или было деление на ноль</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Метрика</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>Aggregate</source>
        <translation>Суммарно</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Покрытие</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 на %2</translation>
    </message>
    <message>
        <source>  on %1</source>
        <translation>  на %1</translation>
    </message>
    <message>
        <source>n/a: an input of the formula is not split by core type (package energy, uncore), or was not counted on these cores</source>
        <translation>н/д: вход формулы не разделяется по типу ядер (энергия пакета, uncore) или не подсчитывался на этих ядрах</translation>
    </message>
    <message>
        <source>%1 (without absent boxes)</source>
        <translation>%1 (без отсутствующих блоков)</translation>
    </message>
</context>
<context>
    <name>perfdash::OverviewPage</name>
    <message>
        <source>&lt;b&gt;Phases&lt;/b&gt;</source>
        <translation>&lt;b&gt;Фазы&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Start a measurement or open a saved session: its key figures appear here.</source>
        <translation>Начните измерение или откройте сохранённый сеанс: здесь появятся его ключевые показатели.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measuring now&lt;/b&gt;: the tiles show the latest interval; the whole run&apos;s figures and its context follow when it ends.</source>
        <translation>&lt;b&gt;Идёт измерение&lt;/b&gt;: плитки показывают последний интервал; показатели всего прогона и его контекст появятся после его окончания.</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>Записано</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Не завершено</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <source>Whole run: each figure is its metric over the whole run.</source>
        <translation>Весь прогон: каждый показатель — метрика за весь прогон.</translation>
    </message>
    <message>
        <source>Latest interval (t = %1 s).</source>
        <translation>Последний интервал (t = %1 с).</translation>
    </message>
    <message>
        <source>About %1…</source>
        <translation>О группе %1…</translation>
    </message>
    <message>
        <source>What the group counts, its formulas and how to read its metrics</source>
        <translation>Что считает группа, её формулы и как читать её метрики</translation>
    </message>
    <message>
        <source>One phase: no key figure changed its level markedly during the run.</source>
        <translation>Одна фаза: ни один ключевой показатель заметно не изменил уровень за прогон.</translation>
    </message>
    <message>
        <source>No timeline yet: phases are found in the run&apos;s intervals.</source>
        <translation>Временного ряда пока нет: фазы ищутся по интервалам прогона.</translation>
    </message>
    <message>
        <source>Where a key figure&apos;s level changes markedly: each series is split where that explains the most variance beyond its noise (binary segmentation), and a boundary is kept where the medians on both sides differ by a quarter or more; a phase lasts at least 5 % of the run. The dashed lines on the tiles mark them; each figure below is its mean over the phase&apos;s intervals.</source>
        <translation>Где уровень ключевого показателя заметно меняется: каждый ряд делится там, где это объясняет наибольшую часть разброса сверх шума (бинарная сегментация), а граница остаётся, если медианы по обе стороны различаются на четверть или больше; фаза длится не менее 5 % прогона. Пунктир на плитках отмечает границы; каждое число ниже — среднее по интервалам фазы.</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Фаза</translation>
    </message>
    <message>
        <source>From – to</source>
        <translation>С – по</translation>
    </message>
    <message>
        <source>%1 – %2 s</source>
        <translation>%1 – %2 с</translation>
    </message>
    <message>
        <source>About %1</source>
        <translation>О группе %1</translation>
    </message>
    <message>
        <source>This run recorded no intervals, so it has no phases: choose an interval to record a timeline.</source>
        <translation>Этот запуск не записал интервалов, поэтому фаз нет: выберите интервал, чтобы записать временную шкалу.</translation>
    </message>
    <message>
        <source>Synthetic</source>
        <translation>Синтетические</translation>
    </message>
    <message>
        <source>&lt;b&gt;Connecting to %1…&lt;/b&gt; Its figures appear with its first interval.</source>
        <translation>&lt;b&gt;Подключение к %1…&lt;/b&gt; Его данные появятся с первым интервалом.</translation>
    </message>
    <message>
        <source>Double-click a phase to see its hot functions on the Hotspots page (a session recorded with samples: perfdash-cli record)</source>
        <translation>Дважды щёлкните фазу, чтобы увидеть её горячие функции на странице «Горячие точки» (сессия, записанная с выборками: perfdash-cli record)</translation>
    </message>
    <message>
        <source>Where?</source>
        <translation>Где?</translation>
    </message>
    <message>
        <source>Where do %1&apos;s figures come from?</source>
        <translation>Откуда берутся значения %1?</translation>
    </message>
    <message>
        <source>Run the same target again, sampling %1&apos;s events, and show on the Hotspots page the functions, lines and call stacks its metrics come from</source>
        <translation>Запустить ту же цель снова, сэмплируя события %1, и показать на странице «Горячие точки» функции, строки и стеки вызовов, из которых берутся её метрики</translation>
    </message>
</context>
<context>
    <name>perfdash::OverviewTileModel</name>
    <message>
        <source>n/a: not counted here: %1</source>
        <translation>н/д: здесь не считается: %1</translation>
    </message>
    <message>
        <source>n/a: an input of the formula has no value, or it divided by zero</source>
        <translation>н/д: у входа формулы нет значения, или было деление на ноль</translation>
    </message>
    <message>
        <source>coverage %1</source>
        <translation>охват %1</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>нет значения</translation>
    </message>
    <message>
        <source>past the vendor&apos;s threshold (%1) given in the group file</source>
        <translation>за порогом производителя (%1), заданным в файле группы</translation>
    </message>
</context>
<context>
    <name>perfdash::PlanModel</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Events of the group that will be counted here: %1 of %2</source>
        <translation>События группы, которые будут здесь считаться: %1 из %2</translation>
    </message>
    <message>
        <source>will be counted</source>
        <translation>будет считаться</translation>
    </message>
    <message>
        <source>%1, written as %2</source>
        <translation>%1, записывается как %2</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>считается</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>не считается</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>Считается</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Счётчик</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>Почему нет</translation>
    </message>
    <message>
        <source>On the %1 CPUs (%2 of them): type %3, config 0x%4</source>
        <translation>На CPU типа %1 (их %2): тип %3, config 0x%4</translation>
    </message>
    <message>
        <source>will be counted on the %1 CPUs</source>
        <translation>будет считаться на CPU типа %1</translation>
    </message>
    <message>
        <source>likwid&apos;s code: %1</source>
        <translation>код likwid: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::PlanPreview</name>
    <message>
        <source>&lt;b&gt;What will be counted&lt;/b&gt;</source>
        <translation>&lt;b&gt;Что будет считаться&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Planned events</source>
        <translation>Запланированные события</translation>
    </message>
    <message>
        <source>Countable here: all events (%1).</source>
        <translation>Доступно здесь: все события (%1).</translation>
    </message>
    <message>
        <source>Countable here: %1 of %2 events. Start counts those and leaves the others out.</source>
        <translation>Доступно здесь: %1 из %2 событий. «Старт» считает их, а остальные пропускает.</translation>
    </message>
    <message>
        <source>Fix the target first to start (see its messages).</source>
        <translation>Сначала исправьте цель, чтобы начать (см. её сообщения).</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Предупреждения</translation>
    </message>
    <message>
        <source>Complete the form to see what will be counted.</source>
        <translation>Заполните форму, чтобы увидеть, что будет считаться.</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs, without multiplexing.</source>
        <translation>Бэкенд %1 считает ЦП целиком, без мультиплексирования.</translation>
    </message>
    <message>
        <source>The %1 backend counts whole CPUs (%2), every process and the kernel there, without multiplexing.</source>
        <translation>Бэкенд %1 считает ЦП целиком (%2), все процессы и ядро на них, без мультиплексирования.</translation>
    </message>
    <message>
        <source>Marker regions: the program&apos;s regions are counted per thread with these groups, besides the whole program.</source>
        <translation>Области маркеров: области программы считаются по потокам с этими группами, помимо всей программы.</translation>
    </message>
</context>
<context>
    <name>perfdash::ProbeRunner</name>
    <message>
        <source>measuring the core clock</source>
        <translation>измерение частоты ядра</translation>
    </message>
    <message>
        <source>The ceilings are measured on x86-64 and AArch64 only.</source>
        <translation>Потолки измеряются только на x86-64 и AArch64.</translation>
    </message>
</context>
<context>
    <name>perfdash::ProbesPage</name>
    <message>
        <source>Machine probes</source>
        <translation>Пробы машины</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>&amp;Отмена</translation>
    </message>
    <message>
        <source>Stops the running probe after the kernel run it is in (Esc).</source>
        <translation>Останавливает текущую пробу после выполняемого прогона ядра (Esc).</translation>
    </message>
    <message>
        <source>&amp;Catalog</source>
        <translation>&amp;Каталог</translation>
    </message>
    <message>
        <source>&amp;Results</source>
        <translation>&amp;Результаты</translation>
    </message>
    <message>
        <source>Custom &amp;instruction</source>
        <translation>Своя &amp;инструкция</translation>
    </message>
    <message>
        <source>C&amp;lock</source>
        <translation>&amp;Частота</translation>
    </message>
    <message>
        <source>&amp;Max IPC</source>
        <translation>&amp;Макс. IPC</translation>
    </message>
    <message>
        <source>Measuring %1 (%2 of %3)…</source>
        <translation>Измерение %1 (%2 из %3)…</translation>
    </message>
    <message>
        <source>Nothing measured yet. Every value on this page is measured on this machine when you run a probe; reference values come only from a table you load.</source>
        <translation>Пока ничего не измерено. Каждое значение на этой странице измеряется на этой машине при запуске пробы; справочные значения берутся только из загруженной вами таблицы.</translation>
    </message>
    <message>
        <source>No instruction catalog: %1</source>
        <translation>Нет каталога инструкций: %1</translation>
    </message>
    <message>
        <source>where the probe starts</source>
        <translation>где запускается проба</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>ЦП %1</translation>
    </message>
    <message>
        <source>The CPU the probes pin themselves to.</source>
        <translation>ЦП, к которому привязываются пробы.</translation>
    </message>
    <message>
        <source>Real-time priorit&amp;y (SCHED_FIFO)</source>
        <translation>Приоритет реального &amp;времени (SCHED_FIFO)</translation>
    </message>
    <message>
        <source>Steadier numbers, but the probe takes its CPU from everything else while it runs.</source>
        <translation>Более стабильные числа, но на время работы проба отбирает свой ЦП у всего остального.</translation>
    </message>
    <message>
        <source>C&amp;PU:</source>
        <translation>&amp;ЦП:</translation>
    </message>
    <message>
        <source>Rep&amp;etitions:</source>
        <translation>&amp;Повторения:</translation>
    </message>
    <message>
        <source>Measured on this machine. Where and how appears here once a probe has run.</source>
        <translation>Измерено на этой машине. Где и как — появится здесь после запуска пробы.</translation>
    </message>
    <message>
        <source>This is a virtual machine (CPU flag &apos;hypervisor&apos;): timings include the hypervisor&apos;s interference.</source>
        <translation>Это виртуальная машина (флаг ЦП «hypervisor»): время включает помехи от гипервизора.</translation>
    </message>
    <message>
        <source>Filter by name, category, template or description</source>
        <translation>Фильтр по имени, категории, шаблону или описанию</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>&amp;Фильтр:</translation>
    </message>
    <message>
        <source>Run &amp;selected</source>
        <translation>Запустить в&amp;ыбранные</translation>
    </message>
    <message>
        <source>Measures the selected entries (also: double-click or Return).</source>
        <translation>Измеряет выбранные записи (также: двойной щелчок или Return).</translation>
    </message>
    <message>
        <source>Run &amp;all shown</source>
        <translation>Запустить &amp;все показанные</translation>
    </message>
    <message>
        <source>Measures every entry the filter shows that this CPU can run.</source>
        <translation>Измеряет все показанные фильтром записи, которые может выполнить этот ЦП.</translation>
    </message>
    <message>
        <source>Reference &amp;table…</source>
        <translation>Справочная &amp;таблица…</translation>
    </message>
    <message>
        <source>Compare with the rows of one microarchitecture only.</source>
        <translation>Сравнивать только со строками одной микроархитектуры.</translation>
    </message>
    <message>
        <source>Clear results</source>
        <translation>Очистить результаты</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Sample e&amp;very:</source>
        <translation>&amp;Замер каждые:</translation>
    </message>
    <message>
        <source>&amp;Start sampling</source>
        <translation>&amp;Начать замеры</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>The clock is measured with a chain of dependent adds (one per cycle), next to the clocks the system reports.</source>
        <translation>Частота измеряется цепочкой зависимых сложений (одно за такт), рядом с частотами, которые сообщает система.</translation>
    </message>
    <message>
        <source>Up to c&amp;hains:</source>
        <translation>До &amp;цепочек:</translation>
    </message>
    <message>
        <source>Run IPC pro&amp;be</source>
        <translation>Запустить пробу I&amp;PC</translation>
    </message>
    <message>
        <source>1 to N independent chains of integer adds, FP adds, loads and nops; the plateau of each curve is the issue width for that kind.</source>
        <translation>От 1 до N независимых цепочек целочисленных сложений, сложений с плавающей точкой, загрузок и nop; плато каждой кривой — ширина выдачи для этого вида.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>Select entries in the catalog first (or use Run all shown).</source>
        <translation>Сначала выберите записи в каталоге (или используйте «Запустить все показанные»).</translation>
    </message>
    <message numerus="yes">
        <source>Left out %n entries this CPU cannot run (see the catalog&apos;s Runs here column).</source>
        <translation>
            <numerusform>Пропущена %n запись, которую этот ЦП не может выполнить (см. столбец каталога «Работает здесь»).</numerusform>
            <numerusform>Пропущены %n записи, которые этот ЦП не может выполнить (см. столбец каталога «Работает здесь»).</numerusform>
            <numerusform>Пропущено %n записей, которые этот ЦП не может выполнить (см. столбец каталога «Работает здесь»).</numerusform>
        </translation>
    </message>
    <message>
        <source>Sampling the clock of CPU %1 every %2 s…</source>
        <translation>Замер частоты ЦП %1 каждые %2 с…</translation>
    </message>
    <message>
        <source>Clock sampling stopped.</source>
        <translation>Замеры частоты остановлены.</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled; the %n result(s) measured before are kept.</source>
        <translation>
            <numerusform>Отменено; %n результат, измеренный ранее, сохранён.</numerusform>
            <numerusform>Отменено; %n результата, измеренных ранее, сохранены.</numerusform>
            <numerusform>Отменено; %n результатов, измеренных ранее, сохранены.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not run the probe: %1</source>
        <translation>Не удалось запустить пробу: %1</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n result(s).</source>
        <translation>
            <numerusform>Готово: %n результат.</numerusform>
            <numerusform>Готово: %n результата.</numerusform>
            <numerusform>Готово: %n результатов.</numerusform>
        </translation>
    </message>
    <message>
        <source>Done: max IPC measured.</source>
        <translation>Готово: макс. IPC измерен.</translation>
    </message>
    <message>
        <source>Measured on this machine: %1, CPU %2, %3. Cycles from %4.</source>
        <translation>Измерено на этой машине: %1, ЦП %2, %3. Такты из %4.</translation>
    </message>
    <message>
        <source>This is a virtual machine: timings include the hypervisor&apos;s interference.</source>
        <translation>Это виртуальная машина: время включает помехи от гипервизора.</translation>
    </message>
    <message>
        <source>CPU %1: measured n/a: %2</source>
        <translation>ЦП %1: измерено н/д: %2</translation>
    </message>
    <message>
        <source>%1 %2 (reported)</source>
        <translation>%1 %2 (сообщено)</translation>
    </message>
    <message>
        <source>%1 n/a: %2</source>
        <translation>%1 н/д: %2</translation>
    </message>
    <message>
        <source>%1: n/a: %2</source>
        <translation>%1: н/д: %2</translation>
    </message>
    <message>
        <source>%1: plateau %2 IPC from %3 chains.</source>
        <translation>%1: плато %2 IPC начиная с %3 цепочек.</translation>
    </message>
    <message>
        <source>%1: plateau n/a: %2.</source>
        <translation>%1: плато н/д: %2.</translation>
    </message>
    <message>
        <source>Every timing reads n/a: %1.</source>
        <translation>Все времена — н/д: %1.</translation>
    </message>
    <message>
        <source>Reference table</source>
        <translation>Справочная таблица</translation>
    </message>
    <message numerus="yes">
        <source>Reference values from %1 (%n row(s)); they are not measured here.</source>
        <translation>
            <numerusform>Справочные значения из %1 (%n строка); они не измерены здесь.</numerusform>
            <numerusform>Справочные значения из %1 (%n строки); они не измерены здесь.</numerusform>
            <numerusform>Справочные значения из %1 (%n строк); они не измерены здесь.</numerusform>
        </translation>
    </message>
    <message>
        <source>all microarchitectures</source>
        <translation>все микроархитектуры</translation>
    </message>
    <message>
        <source>&amp;Stop sampling</source>
        <translation>&amp;Остановить замеры</translation>
    </message>
    <message>
        <source>%1 of %2 entries</source>
        <translation>%1 из %2 записей</translation>
    </message>
    <message>
        <source>Timed runs of each kernel, at least: more follow until each kernel&apos;s fastest run repeats. Results come from the fastest runs; medians are in the tooltips.</source>
        <translation>Минимальное число замеряемых прогонов каждого ядра: дальше прогоны продолжаются, пока самый быстрый прогон каждого ядра не повторится. Результаты берутся по самым быстрым прогонам; медианы — во всплывающих подсказках.</translation>
    </message>
    <message>
        <source>CPU %1: measured %2 (median runs %3)</source>
        <translation>ЦП %1: измерено %2 (медианные прогоны %3)</translation>
    </message>
    <message>
        <source>Time between two clock measurements (each takes about a third of a second).</source>
        <translation>Время между двумя измерениями частоты (каждое занимает около трети секунды).</translation>
    </message>
    <message>
        <source>A published table you have (an InstLatx64 text file, uops.info&apos;s instructions.xml) or a CSV with mnemonic, operands, latency, recip_throughput, microarchitecture, source columns, e.g. your own notes.</source>
        <translation>Опубликованная таблица, которая у вас есть (текстовый файл InstLatx64, instructions.xml с uops.info), или CSV со столбцами mnemonic, operands, latency, recip_throughput, microarchitecture, source, например ваши собственные заметки.</translation>
    </message>
    <message>
        <source>No reference table loaded: reference and difference read n/a. perfdash ships no reference values.</source>
        <translation>Справочная таблица не загружена: справка и разница — н/д. perfdash не поставляет справочных значений.</translation>
    </message>
    <message>
        <source>Reference tables (*.csv *.txt *.xml);;All files (*)</source>
        <translation>Справочные таблицы (*.csv *.txt *.xml);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Ceili&amp;ngs</source>
        <translation>Потол&amp;ки</translation>
    </message>
    <message>
        <source>Measured now; saved as %1 for the roofline.</source>
        <translation>Измерено сейчас; сохранено как %1 для roofline.</translation>
    </message>
    <message>
        <source>Measured now, but not saved: %1</source>
        <translation>Измерено сейчас, но не сохранено: %1</translation>
    </message>
    <message>
        <source>1, per core, all</source>
        <translation>1, по ядру, все</translation>
    </message>
    <message>
        <source>Pinned threads, one per core first, then SMT siblings; the lowest value measures 1 thread, one per core and every hardware thread in turn.</source>
        <translation>Привязанные потоки: сначала по одному на ядро, затем SMT-соседи; наименьшее значение измеряет 1 поток, по одному на ядро и все аппаратные потоки по очереди.</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>П&amp;отоки:</translation>
    </message>
    <message>
        <source>Measure cei&amp;lings</source>
        <translation>Измерить потол&amp;ки</translation>
    </message>
    <message>
        <source>Bandwidth of load, store, copy, triad and update in L1, L2, L3 and DRAM, peak FLOP/s, and a working-set sweep; a few minutes.</source>
        <translation>Пропускная способность load, store, copy, triad и update в L1, L2, L3 и DRAM, пиковые FLOP/с и развёртка рабочего набора; несколько минут.</translation>
    </message>
    <message>
        <source>Loaded from %1.</source>
        <translation>Загружено из %1.</translation>
    </message>
    <message>
        <source>Per cycle of the measured clock, %1 GHz (not the TSC).</source>
        <translation>За такт измеренной частоты, %1 ГГц (не TSC).</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Предупреждение: %1</translation>
    </message>
    <message>
        <source>Done: ceilings measured.</source>
        <translation>Готово: потолки измерены.</translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessListModel</name>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Пользователь</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Команда</translation>
    </message>
</context>
<context>
    <name>perfdash::ProcessPicker</name>
    <message>
        <source>&amp;Kernel threads</source>
        <translation>Потоки &amp;ядра</translation>
    </message>
    <message>
        <source>Filter by PID, user or command</source>
        <translation>Фильтр по PID, пользователю или команде</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>Фильтр процессов</translation>
    </message>
    <message>
        <source>List the kernel&apos;s own threads too</source>
        <translation>Показывать и собственные потоки ядра</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>Read the process list again</source>
        <translation>Заново прочитать список процессов</translation>
    </message>
    <message>
        <source>Running processes</source>
        <translation>Запущенные процессы</translation>
    </message>
    <message>
        <source>Attach to process %1: %2</source>
        <translation>Подключиться к процессу %1: %2</translation>
    </message>
    <message>
        <source>Processes shown: %1. Select the one to attach to.</source>
        <translation>Показано процессов: %1. Выберите процесс для подключения.</translation>
    </message>
</context>
<context>
    <name>perfdash::RecentSessionsModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Could not delete: %1</source>
        <translation>Не удалось удалить: %1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>не читается</translation>
    </message>
    <message>
        <source>incomplete (never finished)</source>
        <translation>не завершён (так и не закончился)</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>остановлен</translation>
    </message>
    <message>
        <source>signal %1 (exit %2)</source>
        <translation>сигнал %1 (код выхода %2)</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>код выхода %1</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>Программа</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Группы</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Начало</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Завершение</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionChartModel</name>
    <message>
        <source>Time [s]</source>
        <translation>Время [с]</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Вызовы</translation>
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
        <translation>Наибольшее из времён её потоков в области: её протяжённость, когда они работали параллельно</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Область</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Вызовы</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>Время [с]</translation>
    </message>
    <message>
        <source>Partial: only %1 of %2 threads have a recorded call count; they add up to %3, a lower bound of the region&apos;s calls</source>
        <translation>Частично: число вызовов записано только у %1 из %2 потоков; в сумме %3 — нижняя граница числа вызовов области</translation>
    </message>
    <message>
        <source>No thread has a recorded call count</source>
        <translation>Ни у одного потока не записано число вызовов</translation>
    </message>
    <message>
        <source>Partial: only %1 of %2 threads have a recorded time; the longest of them, %3 s, is a lower bound of the region&apos;s time</source>
        <translation>Частично: время записано только у %1 из %2 потоков; наибольшее из них, %3 с, — нижняя граница времени области</translation>
    </message>
    <message>
        <source>No thread has a recorded time</source>
        <translation>Ни у одного потока не записано время</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionTableModel</name>
    <message>
        <source>Region</source>
        <translation>Область</translation>
    </message>
    <message>
        <source>The region as a whole: calls summed over its threads, the longest thread&apos;s time, event totals, and the metrics&apos; formulas applied to the totals with that time</source>
        <translation>Область в целом: вызовы, просуммированные по её потокам, время самого долгого потока, итоги событий и формулы метрик, применённые к итогам с этим временем</translation>
    </message>
    <message>
        <source>Not recorded for this thread</source>
        <translation>Не записано для этого потока</translation>
    </message>
    <message>
        <source>Not counted; no reason was recorded</source>
        <translation>Не считается; причина не записана</translation>
    </message>
    <message>
        <source>Not counted: %1</source>
        <translation>Не считается: %1</translation>
    </message>
    <message>
        <source>Not available: an input of %1 was not counted, or it divided by zero</source>
        <translation>Недоступно: одно из входных значений %1 не считалось или было деление на ноль</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Поток</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Вызовы</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>Время [с]</translation>
    </message>
    <message>
        <source>Wall time inside the region, summed over its calls</source>
        <translation>Реальное время внутри области, просуммированное по её вызовам</translation>
    </message>
    <message>
        <source>Event %1 on counter %2</source>
        <translation>Событие %1 на счётчике %2</translation>
    </message>
    <message>
        <source>Metric: %1</source>
        <translation>Метрика: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::RegionsView</name>
    <message>
        <source>&lt;p&gt;To count regions: in the session setup, launch the program and tick &lt;b&gt;Count marker regions&lt;/b&gt;. The program must use the marker API: &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; and &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; around the code to count, &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; at the start and &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; at the end, built with &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; and linked with &lt;code&gt;-lperfdash_marker&lt;/code&gt;. Programs written for likwid&apos;s &lt;code&gt;LIKWID_MARKER_*&lt;/code&gt; need only a rebuild against perfdash&apos;s &lt;code&gt;likwid-marker.h&lt;/code&gt;. See docs/marker.md.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Чтобы считать области: в настройке сеанса запустите программу и отметьте &lt;b&gt;Считать области маркеров&lt;/b&gt;. Программа должна использовать marker API: &lt;code&gt;PERFDASH_MARKER_START(&quot;name&quot;)&lt;/code&gt; и &lt;code&gt;PERFDASH_MARKER_STOP(&quot;name&quot;)&lt;/code&gt; вокруг подсчитываемого кода, &lt;code&gt;PERFDASH_MARKER_INIT&lt;/code&gt; в начале и &lt;code&gt;PERFDASH_MARKER_CLOSE&lt;/code&gt; в конце; сборка с &lt;code&gt;-DPERFDASH_PERFMON&lt;/code&gt; и компоновка с &lt;code&gt;-lperfdash_marker&lt;/code&gt;. Программам, написанным для &lt;code&gt;LIKWID_MARKER_*&lt;/code&gt; из likwid, нужна лишь пересборка с &lt;code&gt;likwid-marker.h&lt;/code&gt; из perfdash. См. docs/marker.md.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No regions</source>
        <translation>Нет областей</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>Области</translation>
    </message>
    <message>
        <source>Region per thread</source>
        <translation>Область по потокам</translation>
    </message>
    <message>
        <source>&lt;b&gt;Regions&lt;/b&gt;</source>
        <translation>&lt;b&gt;Области&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Quantity to chart</source>
        <translation>Величина для графика</translation>
    </message>
    <message>
        <source>&amp;Side by side</source>
        <translation>&amp;Рядом</translation>
    </message>
    <message>
        <source>Stac&amp;ked</source>
        <translation>&amp;Стопкой</translation>
    </message>
    <message>
        <source>One bar per thread in each region</source>
        <translation>По одному столбцу на поток в каждой области</translation>
    </message>
    <message>
        <source>The threads&apos; bars on top of each other: the height is their sum</source>
        <translation>Столбцы потоков друг над другом: высота равна их сумме</translation>
    </message>
    <message>
        <source>Regions chart</source>
        <translation>График областей</translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation>&amp;График:</translation>
    </message>
    <message>
        <source>&lt;h3&gt;This run did not count marker regions&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Этот запуск не считал области маркеров&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The program reported no regions&lt;/h3&gt;&lt;p&gt;The run counted in marker mode, but no region results came back from the program.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Программа не сообщила ни одной области&lt;/h3&gt;&lt;p&gt;Запуск считал в режиме маркеров, но от программы не пришло ни одного результата по областям.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The run&apos;s warnings:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;Предупреждения запуска:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;No regions yet&lt;/h3&gt;&lt;p&gt;Marker regions are parts of a program (a loop, a function) counted on their own, per thread: calls, time, events and the group&apos;s metrics. They appear here when a measurement in marker mode finishes.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Областей пока нет&lt;/h3&gt;&lt;p&gt;Области маркеров — это части программы (цикл, функция), которые считаются отдельно, по потокам: вызовы, время, события и метрики группы. Они появляются здесь, когда завершается измерение в режиме маркеров.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 поток</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>Потоков: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Region %1&lt;/b&gt;, group %2, %3; the last row is the region as a whole</source>
        <translation>&lt;b&gt;Область %1&lt;/b&gt;, группа %2, %3; последняя строка — область в целом</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Область</translation>
    </message>
    <message>
        <source>%1 per region and thread</source>
        <translation>%1 по областям и потокам</translation>
    </message>
    <message>
        <source>Some threads have no value here (n/a: not counted, or not computable): they have no bar; the table shows why.</source>
        <translation>У некоторых потоков здесь нет значения (н/д: не считалось или не вычисляется): у них нет столбца; причина указана в таблице.</translation>
    </message>
    <message>
        <source>Stacked bars add the threads&apos; values; for a rate or a ratio the sum is not the region&apos;s value (the table&apos;s last row has that).</source>
        <translation>Столбцы стопкой складывают значения потоков; для скорости или отношения сумма не равна значению области (оно в последней строке таблицы).</translation>
    </message>
    <message>
        <source>Some threads have no value here (n/a: not counted, or not computable): they have no bar, so a stack without them is partial, not the region&apos;s total; the table shows why.</source>
        <translation>У некоторых потоков здесь нет значения (н/д: не считалось или не вычисляется): у них нет столбца, поэтому стопка без них частичная, а не итог области; причина указана в таблице.</translation>
    </message>
    <message>
        <source>Double-click a region to see its hot functions on the Hotspots page (a session recorded with samples and regions: perfdash-cli record -m)</source>
        <translation>Дважды щёлкните область, чтобы увидеть её горячие функции на странице «Горячие точки» (сессия, записанная с выборками и областями: perfdash-cli record -m)</translation>
    </message>
</context>
<context>
    <name>perfdash::ReplayActions</name>
    <message>
        <source>Replay &amp;from start</source>
        <translation>Воспроизвести с &amp;начала</translation>
    </message>
    <message>
        <source>Pa&amp;use replay</source>
        <translation>Приостановить &amp;воспроизведение</translation>
    </message>
    <message>
        <source>Replay at &amp;1× (as recorded)</source>
        <translation>Воспроизведение &amp;1× (как записано)</translation>
    </message>
    <message>
        <source>Replay at 1&amp;0×</source>
        <translation>Воспроизведение 1&amp;0×</translation>
    </message>
    <message>
        <source>Show &amp;all (jump to end)</source>
        <translation>Показать в&amp;сё (перейти в конец)</translation>
    </message>
    <message>
        <source>Play the open session&apos;s timeline again from its start, paced by its recorded times</source>
        <translation>Снова воспроизвести временной ряд открытого сеанса с начала в темпе записи</translation>
    </message>
    <message>
        <source>Show the rest of the session&apos;s timeline at once</source>
        <translation>Сразу показать оставшуюся часть временного ряда сеанса</translation>
    </message>
    <message>
        <source>Replay as fast as the session was recorded</source>
        <translation>Воспроизводить с той же скоростью, с какой сеанс был записан</translation>
    </message>
    <message>
        <source>Replay ten times faster than the session was recorded</source>
        <translation>Воспроизводить в десять раз быстрее, чем сеанс был записан</translation>
    </message>
    <message>
        <source>Res&amp;ume replay</source>
        <translation>Продолжить &amp;воспроизведение</translation>
    </message>
</context>
<context>
    <name>perfdash::ReplayController</name>
    <message>
        <source>all at once</source>
        <translation>всё сразу</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Replay ready: %1</source>
        <translation>Воспроизведение готово: %1</translation>
    </message>
    <message>
        <source>Replay %1: %2</source>
        <translation>Воспроизведение %1: %2</translation>
    </message>
    <message>
        <source>Replay paused at %1</source>
        <translation>Воспроизведение приостановлено на %1</translation>
    </message>
    <message>
        <source>Replay finished</source>
        <translation>Воспроизведение завершено</translation>
    </message>
</context>
<context>
    <name>perfdash::RooflineChart</name>
    <message numerus="yes">
        <source>Roofline: %n roof(s), %1 point(s)</source>
        <translation>
            <numerusform>Roofline: %n потолок, точек: %1</numerusform>
            <numerusform>Roofline: %n потолка, точек: %1</numerusform>
            <numerusform>Roofline: %n потолков, точек: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>arithmetic intensity [FLOP/byte]</source>
        <translation>арифметическая интенсивность [FLOP/байт]</translation>
    </message>
    <message>
        <source>performance [FLOP/s]</source>
        <translation>производительность [FLOP/с]</translation>
    </message>
</context>
<context>
    <name>perfdash::RooflineView</name>
    <message>
        <source>Ceilings file...</source>
        <translation>Файл потолков...</translation>
    </message>
    <message>
        <source>Draw the roofs of another ceilings file (perfdash-cli ceilings --json -o FILE)</source>
        <translation>Нарисовать потолки из другого файла (perfdash-cli ceilings --json -o FILE)</translation>
    </message>
    <message>
        <source>no ceilings at %1: measure them on the Probes page&apos;s Ceilings tab (or with perfdash-cli ceilings --json -o %1), or choose a file with the Ceilings file button</source>
        <translation>нет потолков в %1: измерьте их на вкладке «Потолки» страницы «Пробы» (или командой perfdash-cli ceilings --json -o %1) либо выберите файл кнопкой «Файл потолков»</translation>
    </message>
    <message>
        <source>Ceilings file</source>
        <translation>Файл потолков</translation>
    </message>
    <message>
        <source>Ceilings (*.json)</source>
        <translation>Потолки (*.json)</translation>
    </message>
    <message>
        <source>Ceilings %1, from %2</source>
        <translation>Потолки %1, из %2</translation>
    </message>
    <message>
        <source> (CPU: %1)</source>
        <translation> (ЦП: %1)</translation>
    </message>
    <message>
        <source>No roofs: %1.</source>
        <translation>Нет потолков: %1.</translation>
    </message>
    <message>
        <source>Nothing to draw: no roofs (see above) and no points.</source>
        <translation>Рисовать нечего: нет потолков (см. выше) и нет точек.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Synthetic data:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Синтетические данные:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Points: %1</source>
        <translation>Точки: %1</translation>
    </message>
    <message>
        <source>No interval yet.</source>
        <translation>Интервалов пока нет.</translation>
    </message>
    <message>
        <source>No run yet: start one on the Measure page, or open a session.</source>
        <translation>Запусков пока нет: начните измерение на странице «Измерение» или откройте сеанс.</translation>
    </message>
    <message>
        <source>No points: the run has no FLOP rate with a memory traffic to set it against.</source>
        <translation>Нет точек: у запуска нет скорости FLOP, которую можно сопоставить с трафиком памяти.</translation>
    </message>
    <message>
        <source>Missing: %1</source>
        <translation>Не хватает: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::RunSummaryChart</name>
    <message>
        <source>%1 (total count)</source>
        <translation>%1 (общий счёт)</translation>
    </message>
    <message>
        <source>an input of the formula was not counted here, or the formula divided by zero</source>
        <translation>одно из входных значений формулы здесь не считалось или формула делила на ноль</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>&amp;Показать:</translation>
    </message>
    <message>
        <source>The run summary appears here when the run is over.</source>
        <translation>Сводка запуска появится здесь, когда запуск завершится.</translation>
    </message>
    <message>
        <source>Nothing was measured in this run: no group had events or metrics.</source>
        <translation>В этом запуске ничего не измерено: ни у одной группы не было событий или метрик.</translation>
    </message>
    <message>
        <source>per location</source>
        <translation>по местам</translation>
    </message>
    <message>
        <source>%1 (n/a)</source>
        <translation>%1 (н/д)</translation>
    </message>
    <message>
        <source>n/a everywhere: %1</source>
        <translation>н/д везде: %1</translation>
    </message>
    <message>
        <source>No value (n/a) for: %1</source>
        <translation>Нет значения (н/д) для: %1</translation>
    </message>
    <message>
        <source>The %1 is partial, not the total: %2</source>
        <translation>%1 — частичное значение, а не итог: %2</translation>
    </message>
    <message>
        <source>%1 (reading at the end)</source>
        <translation>%1 (показание в конце)</translation>
    </message>
</context>
<context>
    <name>perfdash::SaveGroupDialog</name>
    <message>
        <source>Save event set as a performance group</source>
        <translation>Сохранить набор событий как группу производительности</translation>
    </message>
    <message>
        <source>e.g. MY_CACHE</source>
        <translation>например MY_CACHE</translation>
    </message>
    <message>
        <source>Events chosen in the event browser</source>
        <translation>События, выбранные в обозревателе событий</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>Optional, one per line: a name, then the formula as one word over the slot names, e.g.
Load misses per second  DTLB_LOAD_MISSES/time</source>
        <translation>Необязательно, по одной на строку: имя, затем формула одним словом из имён слотов, например
Промахи загрузки в секунду  DTLB_LOAD_MISSES/time</translation>
    </message>
    <message>
        <source>Optional: what the group measures and how to read it.</source>
        <translation>Необязательно: что измеряет группа и как читать результаты.</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Папка:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Имя:</translation>
    </message>
    <message>
        <source>&amp;Short description:</source>
        <translation>&amp;Краткое описание:</translation>
    </message>
    <message>
        <source>&amp;Metrics:</source>
        <translation>&amp;Метрики:</translation>
    </message>
    <message>
        <source>&amp;Long description:</source>
        <translation>По&amp;дробное описание:</translation>
    </message>
    <message>
        <source>File preview</source>
        <translation>Предпросмотр файла</translation>
    </message>
    <message>
        <source>Replace group file?</source>
        <translation>Заменить файл группы?</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it with this event set?</source>
        <translation>%1 уже существует. Заменить его этим набором событий?</translation>
    </message>
    <message>
        <source>Name the group: letters, digits, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Назовите группу: буквы, цифры, «_» и «-».</translation>
    </message>
    <message>
        <source>Write a short description (the SHORT line).</source>
        <translation>Введите краткое описание (строка SHORT).</translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation>Выберите папку.</translation>
    </message>
    <message>
        <source>Will be saved as %1</source>
        <translation>Будет сохранено как %1</translation>
    </message>
    <message>
        <source>Folder for the group file</source>
        <translation>Папка для файла группы</translation>
    </message>
    <message>
        <source>Not saved: %1 already exists. Choose another name or confirm replacing it.</source>
        <translation>Не сохранено: %1 уже существует. Выберите другое имя или подтвердите замену.</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
</context>
<context>
    <name>perfdash::SeriesNames</name>
    <message>
        <source>events/s</source>
        <translation>событий/с</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>ЦП %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>поток %1</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>процесс %1</translation>
    </message>
    <message>
        <source>total</source>
        <translation>итого</translation>
    </message>
    <message>
        <source>aggregate</source>
        <translation>суммарно</translation>
    </message>
    <message>
        <source>average</source>
        <translation>среднее</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionComparisonModel</name>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>, started %1</source>
        <translation>, начат %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source> (incomplete)</source>
        <translation> (не завершён)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>н/д</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>event</source>
        <translation>событие</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>метрика</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>not in A</source>
        <translation>нет в A</translation>
    </message>
    <message>
        <source>not in B</source>
        <translation>нет в B</translation>
    </message>
    <message>
        <source>A is 0: a relative difference is not defined</source>
        <translation>A равно 0: относительная разница не определена</translation>
    </message>
    <message>
        <source>Only session A measured this</source>
        <translation>Это измерил только сеанс A</translation>
    </message>
    <message>
        <source>Only session B measured this</source>
        <translation>Это измерил только сеанс B</translation>
    </message>
    <message>
        <source>(B − A) / |A|</source>
        <translation>(B − A) / |A|</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
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
        <translation>Относительно</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionComparisonView</name>
    <message>
        <source>Only &amp;large differences</source>
        <translation>Только &amp;большие различия</translation>
    </message>
    <message>
        <source>Filter by group or name</source>
        <translation>Фильтр по группе или имени</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Rows whose relative difference (B − A) / |A| is at least this large are highlighted</source>
        <translation>Строки, у которых относительная разница (B − A) / |A| не меньше этого значения, выделяются</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>&amp;Фильтр:</translation>
    </message>
    <message>
        <source>&amp;Highlight differences of at least</source>
        <translation>&amp;Выделять различия не меньше</translation>
    </message>
    <message>
        <source>Choose two sessions to compare.</source>
        <translation>Выберите два сеанса для сравнения.</translation>
    </message>
    <message>
        <source>Counts and metrics</source>
        <translation>Счётчики и метрики</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>Функции</translation>
    </message>
</context>
<context>
    <name>perfdash::SessionsPage</name>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Открыть</translation>
    </message>
    <message>
        <source>Co&amp;mpare two</source>
        <translation>&amp;Сравнить два</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>Недавние сеансы</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>Show the selected session in the Live page (labelled as a replay)</source>
        <translation>Показать выбранный сеанс на странице «Живые данные» (с пометкой «воспроизведение»)</translation>
    </message>
    <message>
        <source>Select two sessions (Ctrl+click) to compare their totals and metrics</source>
        <translation>Выберите два сеанса (Ctrl+щелчок), чтобы сравнить их итоги и метрики</translation>
    </message>
    <message>
        <source>Every run is saved automatically to %1</source>
        <translation>Каждый запуск автоматически сохраняется в %1</translation>
    </message>
    <message>
        <source>Delete sessions</source>
        <translation>Удалить сеансы</translation>
    </message>
    <message>
        <source>Delete %1 saved session file(s)? This cannot be undone.</source>
        <translation>Удалить сохранённые файлы сеансов (%1)? Это нельзя отменить.</translation>
    </message>
</context>
<context>
    <name>perfdash::SetupPage</name>
    <message>
        <source>P&amp;in the program to CPUs</source>
        <translation>При&amp;вязать программу к ЦП</translation>
    </message>
    <message>
        <source>CPUs to co&amp;unt</source>
        <translation>ЦП для подсчё&amp;та</translation>
    </message>
    <message>
        <source>Cannot start the measurement</source>
        <translation>Не удалось начать измерение</translation>
    </message>
</context>
<context>
    <name>perfdash::SourceLinesModel</name>
    <message>
        <source>[inlined here: %1]</source>
        <translation>[встроено здесь: %1]</translation>
    </message>
    <message>
        <source>%1 (too few samples to tell)</source>
        <translation>%1 (слишком мало выборок для вывода)</translation>
    </message>
    <message>
        <source>Only %1 samples at this line: fewer than %2, too few to tell its metrics apart from noise</source>
        <translation>В этой строке только %1 выборок: меньше %2, слишком мало, чтобы отличить её метрики от шума</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Исходный код</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Выборки</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>Доля %</translation>
    </message>
</context>
<context>
    <name>perfdash::SourcePanel</name>
    <message>
        <source>Choose source folder…</source>
        <translation>Выбрать папку с исходниками…</translation>
    </message>
    <message>
        <source>Source file</source>
        <translation>Исходный файл</translation>
    </message>
    <message>
        <source>Look for source files under a folder too, where they are not at the path the program was built with</source>
        <translation>Искать исходные файлы также в папке, если их нет по пути, с которым собиралась программа</translation>
    </message>
    <message>
        <source>Source lines</source>
        <translation>Строки исходного кода</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Choose a function in the table or the flame graph to see its source lines.</source>
        <translation>Выберите функцию в таблице или на флейм-графе, чтобы увидеть её строки исходного кода.</translation>
    </message>
    <message>
        <source>Reading the source of &lt;b&gt;%1&lt;/b&gt;…</source>
        <translation>Чтение исходного кода &lt;b&gt;%1&lt;/b&gt;…</translation>
    </message>
    <message>
        <source>[no source file]</source>
        <translation>[нет исходного файла]</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 выборок</translation>
    </message>
    <message>
        <source>The lines of &lt;b&gt;%1&lt;/b&gt; cannot be summed: %2</source>
        <translation>Не удаётся подсчитать строки &lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; has no samples in its own body in this selection.</source>
        <translation>У &lt;b&gt;%1&lt;/b&gt; нет выборок в собственном коде в этом диапазоне.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 samples in its own body</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 выборок в собственном коде</translation>
    </message>
    <message>
        <source>Its debug information names no source file for these samples.</source>
        <translation>Отладочная информация не называет исходный файл для этих выборок.</translation>
    </message>
    <message>
        <source>Source file not found; looked for %1. Choose the folder it is in.</source>
        <translation>Исходный файл не найден; искали: %1. Выберите папку, в которой он лежит.</translation>
    </message>
    <message>
        <source>%1, found as %2</source>
        <translation>%1, найден как %2</translation>
    </message>
    <message>
        <source>Folder to look for source files under</source>
        <translation>Папка для поиска исходных файлов</translation>
    </message>
</context>
<context>
    <name>perfdash::TargetSection</name>
    <message>
        <source>Target</source>
        <translation>Цель</translation>
    </message>
    <message>
        <source>&amp;Program</source>
        <translation>&amp;Программа</translation>
    </message>
    <message>
        <source>Start a program and count it from its first instruction</source>
        <translation>Запустить программу и считать её с первой инструкции</translation>
    </message>
    <message>
        <source>Running pro&amp;cess</source>
        <translation>Запущенный п&amp;роцесс</translation>
    </message>
    <message>
        <source>Attach to a process that is already running and count all its threads</source>
        <translation>Подключиться к уже работающему процессу и считать все его потоки</translation>
    </message>
    <message>
        <source>&amp;Whole CPUs</source>
        <translation>&amp;ЦП целиком</translation>
    </message>
    <message>
        <source>Count everything that runs on the chosen CPUs (system-wide)</source>
        <translation>Считать всё, что выполняется на выбранных ЦП (по всей системе)</translation>
    </message>
    <message>
        <source>program name or path</source>
        <translation>имя программы или путь</translation>
    </message>
    <message>
        <source>The program to run: a path, or a name looked up in PATH; recent programs in the list</source>
        <translation>Программа для запуска: путь или имя для поиска в PATH; недавние программы — в списке</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>arguments, e.g. --size 1000 &quot;input file.dat&quot;</source>
        <translation>аргументы, например --size 1000 &quot;input file.dat&quot;</translation>
    </message>
    <message>
        <source>Split at spaces like a shell does; quote an argument that contains spaces</source>
        <translation>Разбиваются по пробелам, как в оболочке; аргумент с пробелами заключайте в кавычки</translation>
    </message>
    <message>
        <source>perfdash&apos;s own directory</source>
        <translation>собственный каталог perfdash</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>NAME=value, one per line (added to perfdash&apos;s environment)</source>
        <translation>NAME=value, по одной на строку (добавляются к окружению perfdash)</translation>
    </message>
    <message>
        <source>Pro&amp;gram:</source>
        <translation>Про&amp;грамма:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Аргументы:</translation>
    </message>
    <message>
        <source>&amp;Directory:</source>
        <translation>&amp;Каталог:</translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation>Окру&amp;жение:</translation>
    </message>
    <message>
        <source>Counts everything that runs on the CPUs chosen below (all processes and the kernel), until you stop or for the duration set under Measure.</source>
        <translation>Считает всё, что выполняется на выбранных ниже ЦП (все процессы и ядро), пока вы не остановите измерение или до истечения длительности, заданной в разделе «Измерение».</translation>
    </message>
    <message>
        <source>Program to measure</source>
        <translation>Измеряемая программа</translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation>Рабочий каталог</translation>
    </message>
</context>
<context>
    <name>perfdash::TimelineChart</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 и ещё %n</numerusform>
            <numerusform>%1 и ещё %n</numerusform>
            <numerusform>%1 и ещё %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Rate of %1</source>
        <translation>Скорость %1</translation>
    </message>
    <message>
        <source>Time [s]</source>
        <translation>Время [с]</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 (n/a)</source>
        <translation>%1 (н/д)</translation>
    </message>
    <message>
        <source>Time [h:mm:ss]</source>
        <translation>Время [ч:мм:сс]</translation>
    </message>
    <message>
        <source>All lines are hidden: click an entry in the legend to show it again.</source>
        <translation>Все линии скрыты: щёлкните по элементу легенды, чтобы снова показать его.</translation>
    </message>
    <message>
        <source>No intervals yet.</source>
        <translation>Интервалов пока нет.</translation>
    </message>
    <message>
        <source>No values in the visible time range: zoom out, or turn on Follow live.</source>
        <translation>В видимом диапазоне времени нет значений: уменьшите масштаб или включите «Следить за живыми данными».</translation>
    </message>
    <message>
        <source>These events could not be counted here:
%1</source>
        <translation>Эти события здесь не удалось посчитать:
%1</translation>
    </message>
    <message>
        <source>n/a in every interval so far: the formula had no value (for example a division by zero).</source>
        <translation>н/д во всех интервалах до сих пор: у формулы не было значения (например, деление на ноль).</translation>
    </message>
</context>
<context>
    <name>perfdash::TimelineView</name>
    <message>
        <source>No measurement yet: start one, or open a saved session.</source>
        <translation>Измерений пока нет: начните измерение или откройте сохранённый сеанс.</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>Следить за живыми данными</translation>
    </message>
    <message>
        <source>Keep the newest intervals in view (Ctrl+L). Zooming or panning turns it off.</source>
        <translation>Держать в поле зрения новейшие интервалы (Ctrl+L). Масштабирование или прокрутка отключают это.</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Увеличить</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Уменьшить</translation>
    </message>
    <message>
        <source>&amp;Lines:</source>
        <translation>&amp;Линии:</translation>
    </message>
    <message>
        <source>One line per CPU, thread or process, or one aggregate line</source>
        <translation>По линии на ЦП, поток или процесс, или одна суммарная линия</translation>
    </message>
    <message>
        <source>Aggregate</source>
        <translation>Суммарно</translation>
    </message>
    <message>
        <source>Per location</source>
        <translation>По местам</translation>
    </message>
    <message>
        <source>&amp;Charts:</source>
        <translation>&amp;Графики:</translation>
    </message>
    <message>
        <source>One chart per unit, or one chart per metric and event</source>
        <translation>По графику на единицу измерения или по графику на метрику и событие</translation>
    </message>
    <message>
        <source>One per unit</source>
        <translation>По одному на единицу</translation>
    </message>
    <message>
        <source>One per metric</source>
        <translation>По одному на метрику</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>&amp;Окно:</translation>
    </message>
    <message>
        <source>How much of the newest data Follow live shows</source>
        <translation>Какую часть новейших данных показывает «Следить за живыми данными»</translation>
    </message>
    <message>
        <source>Last 10 s</source>
        <translation>Последние 10 с</translation>
    </message>
    <message>
        <source>Last minute</source>
        <translation>Последняя минута</translation>
    </message>
    <message>
        <source>Last 10 minutes</source>
        <translation>Последние 10 минут</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>Ожидание первого интервала…</translation>
    </message>
    <message>
        <source>This run recorded no intervals, so there is no timeline: the totals are in the tables and the run summary. Choose an interval to record a timeline.</source>
        <translation>Этот запуск не записал интервалов, поэтому временной шкалы нет: итоги — в таблицах и сводке запуска. Выберите интервал, чтобы записать временную шкалу.</translation>
    </message>
    <message>
        <source>The measured groups have no events or metrics to chart.</source>
        <translation>Измеряемые группы не содержат событий или метрик для графика.</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>Весь прогон</translation>
    </message>
    <message>
        <source>Hot functions</source>
        <translation>Горячие функции</translation>
    </message>
    <message>
        <source>The functions of the time range shown, on the Hotspots page (a session recorded with samples: perfdash-cli record). Zoom or pan to choose the range.</source>
        <translation>Функции показанного диапазона времени на странице «Горячие точки» (сессия, записанная с выборками: perfdash-cli record). Масштабируйте или сдвигайте, чтобы выбрать диапазон.</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownBars</name>
    <message>
        <source>Share of the slots. A tick marks the threshold; a bar outlined in red is past it.</source>
        <translation>Доля слотов. Штрих отмечает порог; полоса с красной рамкой — за порогом.</translation>
    </message>
    <message>
        <source>  past %1</source>
        <translation>  за порогом %1</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownModel</name>
    <message>
        <source>, past its threshold %1</source>
        <translation>, за порогом %1</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Категория</translation>
    </message>
    <message>
        <source>Share of slots</source>
        <translation>Доля слотов</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Порог</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownTimeline</name>
    <message>
        <source>Level-1 categories stacked over time</source>
        <translation>Категории уровня 1 во времени, накоплением</translation>
    </message>
    <message>
        <source>Drag across the chart to break down that span of the run</source>
        <translation>Проведите по графику, чтобы разобрать этот отрезок прогона</translation>
    </message>
    <message>
        <source>No intervals yet</source>
        <translation>Интервалов пока нет</translation>
    </message>
</context>
<context>
    <name>perfdash::TopDownView</name>
    <message>
        <source>&amp;Whole run</source>
        <translation>&amp;Весь прогон</translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation>&amp;Место:</translation>
    </message>
    <message>
        <source>All CPUs together, or one location&apos;s breakdown</source>
        <translation>Все ЦП вместе или разбор одного места</translation>
    </message>
    <message>
        <source>Break down the whole run again (drag across the chart to choose a span)</source>
        <translation>Снова разобрать весь прогон (проведите по графику, чтобы выбрать отрезок)</translation>
    </message>
    <message>
        <source>Waiting for the first interval…</source>
        <translation>Ожидание первого интервала…</translation>
    </message>
    <message>
        <source>This session has no top-down group: the view needs a group whose metrics form a top-down hierarchy (levels 1 and 2).</source>
        <translation>В этом сеансе нет группы нисходящего анализа: представлению нужна группа, метрики которой образуют иерархию (уровни 1 и 2).</translation>
    </message>
    <message>
        <source>This machine&apos;s CPU architecture was not identified, so perfdash has no top-down group for it (name one with --arch ARCH).</source>
        <translation>Архитектура ЦП этой машины не определена, поэтому у perfdash нет для неё группы нисходящего анализа (укажите её через --arch ARCH).</translation>
    </message>
    <message>
        <source>perfdash has no top-down group for this CPU&apos;s architecture (%1).</source>
        <translation>У perfdash нет группы нисходящего анализа для архитектуры этого ЦП (%1).</translation>
    </message>
    <message>
        <source>Add the group %1 on the Measure page (or perfdash-cli stat -g %1).</source>
        <translation>Добавьте группу %1 на странице «Измерение» (или perfdash-cli stat -g %1).</translation>
    </message>
    <message>
        <source>This machine can count it.</source>
        <translation>Эта машина может её считать.</translation>
    </message>
    <message>
        <source>This machine cannot count it: %1</source>
        <translation>Эта машина не может её считать: %1</translation>
    </message>
    <message>
        <source>All locations together</source>
        <translation>Все места вместе</translation>
    </message>
    <message>
        <source>all locations</source>
        <translation>все места</translation>
    </message>
    <message>
        <source>Whole run, %1</source>
        <translation>Весь прогон, %1</translation>
    </message>
    <message>
        <source>%1 s to %2 s, %3</source>
        <translation>с %1 по %2 с, %3</translation>
    </message>
    <message>
        <source>Breakdown: %1</source>
        <translation>Разбор: %1</translation>
    </message>
    <message>
        <source>Which group this machine offers is known once its capabilities are checked.</source>
        <translation>Какую группу предлагает эта машина, станет известно после проверки её возможностей.</translation>
    </message>
    <message>
        <source>Where?</source>
        <translation>Где?</translation>
    </message>
    <message>
        <source>Where do the top-down figures come from?</source>
        <translation>Откуда берутся значения top-down?</translation>
    </message>
    <message>
        <source>Run the same target again, sampling the top-down group, and show on the Hotspots page the functions its slots come from</source>
        <translation>Запустить ту же цель снова, сэмплируя группу top-down, и показать на странице «Горячие точки» функции, из которых берутся её доли</translation>
    </message>
</context>
<context>
    <name>perfdash::WhereRecorder</name>
    <message>
        <source>Where do %1&apos;s figures come from?</source>
        <translation>Откуда берутся значения %1?</translation>
    </message>
    <message>
        <source>&lt;p&gt;This machine cannot sample %1 as asked:&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Run it anyway? The samples then say where the time goes, and the group&apos;s metrics per function are what its countable events allow.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Эта машина не может сэмплировать %1 так, как просили:&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;Всё равно запустить? Тогда выборки покажут, куда уходит время, а метрики группы по функциям будут такими, какие позволяют её считаемые события.&lt;/p&gt;</translation>
    </message>
</context>
</TS>
