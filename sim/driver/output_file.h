// Output files that cannot destroy anything. Every path the command writes
// (--json, --vcd, --csv, --link-csv) is checked before any work, written
// under a temporary name in its own directory, and renamed onto the path
// only at the end, and only if the path is still absent or a regular file.
// Symbolic links are refused (we neither replace a link nor write through
// it), as are directories, devices, fifos and sockets; the file gets exactly
// the name given. If the run is interrupted (SIGINT, SIGTERM, SIGHUP) or
// fails, the temporary file is removed and the path is left as it was.
#pragma once
#include <csignal>
#include <string>
#include <vector>

namespace wormsim::driver {

/// Throws ConfigError(field) unless `path` may be written: its directory
/// exists and a file can be created in it (probed by creating and removing
/// one), and the path itself is absent or a regular file that is not
/// read-only. "" is no output.
void check_output_path(const std::string& field, const std::string& path);

/// The files one command reads and writes, checked together before any work.
/// check() throws ConfigError(field of the output) when an output is one of
/// the inputs or another output: the same resolved path (links and ".."
/// followed) or the same file (device and inode, so hard links count), and
/// runs check_output_path on every output. Empty paths are skipped.
class FilePlan {
 public:
  FilePlan& input(std::string field, std::string path);
  FilePlan& output(std::string field, std::string path);
  void check() const;

 private:
  struct Entry {
    std::string field, path;
  };
  std::vector<Entry> inputs_, outputs_;
};

/// A file being written: temp() is where to write (for SystemC's VCD writer,
/// which appends ".vcd" itself, temp_base() + ".vcd" == temp()); commit()
/// renames it onto the path. Not committed: removed.
class OutputFile {
 public:
  OutputFile(std::string field, std::string path);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  const std::string& temp() const { return temp_; }
  std::string temp_base() const { return temp_.substr(0, temp_.size() - 4); }
  /// Throws ConfigError(field) if the path became something other than a
  /// regular file meanwhile, or the rename fails.
  void commit();

 private:
  std::string field_, path_, temp_;
  int slot_ = -1;
  bool done_ = false;
};

/// From now on the first SIGINT or SIGTERM only sets the returned flag (the
/// run stops at the next cycle and writes what it has); a second one removes
/// the temporary files and ends the process as before.
const volatile std::sig_atomic_t* stop_gracefully_on_signal();

/// check_output_path, then the whole text through an OutputFile.
void write_output(const std::string& field, const std::string& path, const std::string& text);

}  // namespace wormsim::driver
