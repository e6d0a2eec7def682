#include "core/symbols/ElfFile.h"

#include <cerrno>
#include <cstring>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <gelf.h>
#include <sys/stat.h>
#include <unistd.h>

namespace perfdash {

namespace {

struct ElfCloser {
    void operator()(Elf* elf) const { elf_end(elf); }
};

bool hasSection(Elf* elf, Elf64_Word type) {
    for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr shdr;
        if (gelf_getshdr(scn, &shdr) && shdr.sh_type == type) return true;
    }
    return false;
}

// .gnu_debugaltlink: a file name, its terminating NUL, the dwz file's build-id.
std::vector<uint8_t> altLinkBuildId(Elf* elf) {
    size_t names = 0;
    if (elf_getshdrstrndx(elf, &names) != 0) return {};
    for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr shdr;
        if (!gelf_getshdr(scn, &shdr)) continue;
        const char* name = elf_strptr(elf, names, shdr.sh_name);
        if (!name || std::strcmp(name, ".gnu_debugaltlink") != 0) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data || !data->d_buf) return {};
        const auto* bytes = static_cast<const uint8_t*>(data->d_buf);
        const auto* nul = static_cast<const uint8_t*>(std::memchr(bytes, 0, data->d_size));
        if (!nul) return {};
        return std::vector<uint8_t>(nul + 1, bytes + data->d_size);
    }
    return {};
}

} // namespace

Result<std::shared_ptr<const ElfFile>> ElfFile::open(const std::string& path) {
    static const bool versioned = elf_version(EV_CURRENT) != EV_NONE;
    if (!versioned) return makeError("libelf refuses this ELF version");
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return makeError(path + ": " + std::strerror(errno));
    struct stat st{};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return makeError(path + ": not a regular file");
    std::unique_ptr<Elf, ElfCloser> elf(elf_begin(fd.get(), ELF_C_READ_MMAP, nullptr));
    if (!elf || elf_kind(elf.get()) != ELF_K_ELF) return makeError(path + ": not an ELF file");
    GElf_Ehdr ehdr;
    if (!gelf_getehdr(elf.get(), &ehdr)) return makeError(path + ": unreadable ELF header: " + elf_errmsg(-1));

    auto file = std::make_shared<ElfFile>();
    file->path_ = path;
    file->machine_ = ehdr.e_machine;
    file->device_ = st.st_dev;
    file->inode_ = st.st_ino;
    const void* id = nullptr;
    if (ssize_t n = dwelf_elf_gnu_build_id(elf.get(), &id); n > 0) {
        const auto* bytes = static_cast<const uint8_t*>(id);
        file->buildId_.assign(bytes, bytes + n);
    }
    GElf_Word crc = 0;
    if (const char* link = dwelf_elf_gnu_debuglink(elf.get(), &crc)) file->debugLink_ = link;
    file->altBuildId_ = altLinkBuildId(elf.get());
    file->hasSymbolTable_ = hasSection(elf.get(), SHT_SYMTAB);
    size_t count = 0;
    if (elf_getphdrnum(elf.get(), &count) == 0) {
        for (size_t i = 0; i < count; ++i) {
            GElf_Phdr phdr;
            if (gelf_getphdr(elf.get(), static_cast<int>(i), &phdr) && phdr.p_type == PT_LOAD)
                file->segments_.push_back(
                    Segment{phdr.p_offset, phdr.p_vaddr, phdr.p_filesz, (phdr.p_flags & PF_X) != 0});
        }
    }
    file->fd_ = std::move(fd);
    return std::shared_ptr<const ElfFile>(std::move(file));
}

std::optional<uint64_t> ElfFile::loadBias(uint64_t mapStart, uint64_t pgoff, bool executable) const {
    // A mapping starts on a page; its segment may start inside that page, as
    // p_offset and p_vaddr agree modulo the page size. Packed segments can
    // share a page, so the last one that starts there is the mapping's.
    const Segment* held = nullptr;
    for (const Segment& s : segments_) {
        if (executable && !s.executable) continue;
        if ((s.offset & ~uint64_t{0xfff}) <= pgoff && pgoff < s.offset + s.fileSize) held = &s;
    }
    // Pages larger than 4 KiB (arm64's 64 KiB): the first one past pgoff.
    for (const Segment& s : segments_) {
        if (held) break;
        if ((!executable || s.executable) && pgoff < s.offset + s.fileSize) held = &s;
    }
    if (!held) return std::nullopt;
    return mapStart - pgoff + held->offset - held->vaddr;
}

bool ElfFile::read(uint64_t offset, void* out, size_t size) const {
    const ssize_t n = ::pread(fd_.get(), out, size, static_cast<off_t>(offset));
    return n >= 0 && static_cast<size_t>(n) == size;
}

int ElfFile::duplicateFd() const { return ::fcntl(fd_.get(), F_DUPFD_CLOEXEC, 0); }

} // namespace perfdash
