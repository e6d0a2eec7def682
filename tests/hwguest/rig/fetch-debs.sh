# fetch-debs.sh: sourced by the rig's scripts that take programs from
# Debian's arm64 archive (fetch-guest.sh, perfdata-fixture.sh); the sourcing
# script defines skip (exit 77 with the reason) and die (exit 1).
#
# fetch_debs "PACKAGE|MEMBER_PATTERN ..." ...
#   apt-get download of each PACKAGE into the current directory, each .deb
#   checked against the SHA256 of apt's signed package index, then only the
#   members matching its patterns ('*' matches '/' too) extracted into ./tree
#   and listed in ./manifest as "MEMBER  PACKAGE=VERSION". Nothing is
#   installed on the host.
fetch_debs() {
    local entry package members record version expected deb actual packages=()
    for entry in "$@"; do packages+=("${entry%%|*}"); done
    # apt's download sandbox user cannot write into a private cache as root.
    local sandbox=()
    [ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
    apt-get download -q "${sandbox[@]}" "${packages[@]}" > download.log 2>&1 ||
        skip "apt-get download ${packages[*]} failed: $(grep -E '^(E|Err):' download.log | head -n 3 | tr '\n' ' ')"

    mkdir -p tree
    : > manifest
    for entry in "$@"; do
        package=${entry%%|*}
        read -r -a members <<< "${entry#*|}"
        record=$(apt-cache show --no-all-versions "$package")
        version=$(awk '$1 == "Version:" {print $2; exit}' <<< "$record")
        expected=$(awk '$1 == "SHA256:" {print $2; exit}' <<< "$record")
        deb=$(ls -- "${package%%:*}"_*.deb)
        actual=$(sha256sum "$deb" | cut -d' ' -f1)
        [ "$actual" = "$expected" ] || die "$deb: SHA256 $actual, but apt's index says $expected"
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C tree --wildcards "${members[@]}" 2> tar.log ||
            die "$package $version lacks some of ${members[*]}: $(tr '\n' ' ' < tar.log)"
        dpkg-deb --fsys-tarfile "$deb" | tar -t --wildcards "${members[@]}" | grep -v '/$' |
            sed "s|$|  $package=$version|" >> manifest
    done
}
