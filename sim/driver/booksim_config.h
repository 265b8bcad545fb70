// BookSim 2 configuration files, read as BookSim reads them: `key = value;`
// statements, `//` comments to the end of a line, values that are integers,
// reals, bare words, "quoted strings" or `{...}` lists; a later assignment
// of a key overrides an earlier one, and `key=value` arguments given after
// the file override both (BookSim's command line).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace wormsim::driver::booksim {

/// One assignment and where it came from ("FILE:LINE" or "command line").
struct Assignment {
  std::string key, value, where;
};

/// The assignments of a file and of the command line, in order; throws
/// ConfigError (field "booksim") naming the file, the line and what was
/// expected for a syntax error, and (field "booksim") for an unreadable file.
std::vector<Assignment> read(const std::string& path, const std::vector<std::string>& overrides);

/// What a BookSim key means to wormsim.
enum class Kind {
  kMapped,    ///< translated into a wormsim setting (booksim_map.cpp)
  kPipeline,  ///< a router pipeline or allocator setting: must be wormsim's value
  kWindow,    ///< decides when BookSim stops measuring, not what it measures
  kInert,     ///< output, tracing or unused here: a value that differs from the default is refused unless --lenient
  kFixed,     ///< changes the result and is not modelled: only BookSim's default is accepted
};

struct Key {
  const char* name;
  const char* booksim_default;  ///< BookSim 2's default, as its configuration prints it
  Kind kind;
  const char* accepted;  ///< kPipeline: wormsim's value (what the router does); else ""
  const char* why;       ///< why another value is refused (kPipeline, kFixed, kInert)
};

/// Every key of BookSim 2's configuration (booksim_config.cpp), in its order.
const std::vector<Key>& keys();

/// The key named `name`, or null.
const Key* find_key(const std::string& name);

/// The effective value of every key: BookSim's default, then the
/// assignments in order; unknown keys are refused (ConfigError naming the key
/// and where it was set, as BookSim refuses them).
std::map<std::string, std::string> effective(const std::vector<Assignment>& given);

}  // namespace wormsim::driver::booksim
