#include "output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <wormsim/core/config_error.h>

namespace wormsim::driver {
namespace {

// The temporary files in flight, for the signal handler to remove: the one
// piece of process-wide state in the command, because a signal handler can
// reach nothing else. Fixed slots of fixed size: async-signal-safe.
constexpr int kSlots = 8;
constexpr std::size_t kPathMax = 4096;
std::array<std::array<char, kPathMax>, kSlots> g_temp_paths{};
std::array<std::atomic<bool>, kSlots> g_in_use{};

// Set by the first SIGINT/SIGTERM once a run asked to stop gracefully.
volatile std::sig_atomic_t g_stop_requested = 0;
volatile std::sig_atomic_t g_graceful = 0;

extern "C" void remove_temps_and_die(int sig) {
  if (g_graceful && !g_stop_requested && sig != SIGHUP) {
    g_stop_requested = 1;
    return;
  }
  for (int i = 0; i < kSlots; ++i)
    if (g_in_use[i].load()) ::unlink(g_temp_paths[i].data());
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void install_handlers() {
  static const bool once = [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_temps_and_die);
    return true;
  }();
  (void)once;
}

}  // namespace

const volatile std::sig_atomic_t* stop_gracefully_on_signal() {
  install_handlers();
  g_graceful = 1;
  return &g_stop_requested;
}

namespace {

int claim_slot(const std::string& path) {
  if (path.size() + 1 > kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    bool expected = false;
    if (g_in_use[i].compare_exchange_strong(expected, true)) {
      std::memcpy(g_temp_paths[i].data(), path.c_str(), path.size() + 1);
      return i;
    }
  }
  return -1;
}

std::string directory_of(const std::string& path) {
  const std::filesystem::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

/// "" when `path` is absent or a writable regular file, else what it is.
/// Read-only means no write permission bit at all, so that a file a user
/// protected with chmod a-w is refused even when running as root.
std::string what_blocks(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT ? "" : std::strerror(errno);
  if (S_ISREG(st.st_mode)) {
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(path.c_str(), W_OK) != 0)
      return "is read-only (an output is never written over a protected file)";
    return "";
  }
  if (S_ISLNK(st.st_mode)) return "is a symbolic link (give the file itself; links are neither replaced nor followed)";
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "is a device";
  return "is not a regular file";
}

std::string temp_name(const std::string& path, const char* suffix) {
  static unsigned counter = 0;
  const std::filesystem::path p(path);
  return directory_of(path) + "/." + p.filename().string() + ".wormsim-" + std::to_string(::getpid()) + "-" +
         std::to_string(counter++) + suffix;
}

}  // namespace

void check_output_path(const std::string& field, const std::string& path) {
  if (path.empty()) return;
  if (path.back() == '/') throw ConfigError(field, "expected a file name, got the directory '" + path + "'");
  const std::string dir = directory_of(path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw ConfigError(field, "directory '" + dir + "' of '" + path + "' does not exist");
  if (const std::string why = what_blocks(path); !why.empty())
    throw ConfigError(field, "'" + path + "' " + why);
  const std::string probe = temp_name(path, ".probe");
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) throw ConfigError(field, "cannot create a file in '" + dir + "': " + std::strerror(errno));
  ::close(fd);
  ::unlink(probe.c_str());
}

OutputFile::OutputFile(std::string field, std::string path)
    : field_(std::move(field)), path_(std::move(path)), temp_(temp_name(path_, ".tmp.vcd")) {
  install_handlers();
  slot_ = claim_slot(temp_);
}

OutputFile::~OutputFile() {
  if (!done_) ::unlink(temp_.c_str());
  if (slot_ >= 0) g_in_use[slot_].store(false);
}

void OutputFile::commit() {
  struct stat st {};
  if (::stat(temp_.c_str(), &st) != 0) throw ConfigError(field_, "nothing was written for '" + path_ + "'");
  if (const std::string why = what_blocks(path_); !why.empty())
    throw ConfigError(field_, "'" + path_ + "' " + why + " now; the output is left unwritten");
  struct stat old {};
  if (::stat(path_.c_str(), &old) == 0) ::chmod(temp_.c_str(), old.st_mode & 07777);  // keep the file's mode
  if (::rename(temp_.c_str(), path_.c_str()) != 0)
    throw ConfigError(field_, "cannot write '" + path_ + "': " + std::strerror(errno));
  done_ = true;
}

namespace {

/// What names the same file: the resolved path, and the device and inode
/// where the file exists.
struct Identity {
  std::string resolved;
  bool exists = false;
  dev_t dev = 0;
  ino_t ino = 0;
};

Identity identity_of(const std::string& path) {
  Identity id;
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(path, ec);
  const std::filesystem::path r = std::filesystem::weakly_canonical(ec ? std::filesystem::path(path) : abs, ec);
  id.resolved = ec ? abs.lexically_normal().string() : r.string();
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
  }
  return id;
}

bool same_file(const Identity& a, const Identity& b) {
  return a.resolved == b.resolved || (a.exists && b.exists && a.dev == b.dev && a.ino == b.ino);
}

}  // namespace

FilePlan& FilePlan::input(std::string field, std::string path) {
  if (!path.empty()) inputs_.push_back({std::move(field), std::move(path)});
  return *this;
}

FilePlan& FilePlan::output(std::string field, std::string path) {
  if (!path.empty()) outputs_.push_back({std::move(field), std::move(path)});
  return *this;
}

void FilePlan::check() const {
  std::vector<Identity> ins, outs;
  for (const Entry& e : inputs_) ins.push_back(identity_of(e.path));
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const Entry& o = outputs_[i];
    outs.push_back(identity_of(o.path));
    for (std::size_t k = 0; k < inputs_.size(); ++k)
      if (same_file(outs.back(), ins[k]))
        throw ConfigError(o.field, "'" + o.path + "' is the " + inputs_[k].field + " input '" + inputs_[k].path +
                                       "'; an output never writes over an input");
    for (std::size_t k = 0; k < i; ++k)
      if (same_file(outs.back(), outs[k]))
        throw ConfigError(o.field, "'" + o.path + "' is also the " + outputs_[k].field + " output '" +
                                       outputs_[k].path + "'; give each output its own file");
  }
  for (const Entry& o : outputs_) check_output_path(o.field, o.path);
}

void write_output(const std::string& field, const std::string& path, const std::string& text) {
  check_output_path(field, path);
  OutputFile f(field, path);
  {
    std::ofstream out(f.temp(), std::ios::binary);
    out << text;
    out.flush();
    if (!out) throw ConfigError(field, "cannot write '" + path + "' (disk full?)");
  }
  f.commit();
}

}  // namespace wormsim::driver
