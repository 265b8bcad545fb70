// docs/reference.md agrees with the registries: every table `wormsim doc`
// generates sits in the reference exactly as the command prints it (scripts/doc
// rewrites them), every block there names a table the command knows, and the
// settings table has one row for every flag of `wormsim run --help` and none
// for a flag that does not exist.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

const std::string kReference = std::string(WORMSIM_SOURCE_DIR) + "/docs/reference.md";

std::vector<std::string> doc_table_names() {
  const CliResult list = run_wormsim("doc", "doc_list");
  EXPECT_EQ(list.exit_code, 0) << list.err;
  std::vector<std::string> names;
  std::istringstream in(list.out);
  for (std::string line; std::getline(in, line);) names.push_back(line.substr(0, line.find(' ')));
  return names;
}

TEST(DocTables, EveryGeneratedTableInTheReferenceMatchesTheRegistry) {
  const std::string doc = slurp(kReference);
  ASSERT_FALSE(doc.empty()) << "cannot read " << kReference;
  const std::vector<std::string> names = doc_table_names();
  ASSERT_GE(names.size(), 9u);
  for (const std::string& name : names) {
    const std::string begin = "<!-- generated: wormsim doc " + name + " -->\n";
    const std::size_t at = doc.find(begin);
    ASSERT_NE(at, std::string::npos) << "docs/reference.md has no block for `wormsim doc " << name << "`";
    const std::size_t body = at + begin.size();
    const std::size_t end = doc.find("<!-- end generated -->", body);
    ASSERT_NE(end, std::string::npos) << name << ": block not closed";
    const CliResult table = run_wormsim("doc " + name, "doc_" + name);
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_EQ(doc.substr(body, end - body), table.out)
        << "docs/reference.md's `" << name << "` table differs from the registry: run scripts/doc";
  }
  const std::regex block("<!-- generated: wormsim doc ([a-z-]+) -->");
  const std::set<std::string> known(names.begin(), names.end());
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), block); it != std::sregex_iterator(); ++it)
    EXPECT_TRUE(known.count((*it)[1].str())) << "a block names the unknown table " << (*it)[1].str();
}

TEST(DocTables, AnUnknownTableIsRefusedNamingTheTables) {
  const CliResult r = run_wormsim("doc nosuch", "doc_unknown");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("table: unknown table 'nosuch' (expected one of: topologies, routings"), std::string::npos)
      << r.err;
}

TEST(DocTables, TheSettingsTableHasARowForEveryRunFlagAndNoOther) {
  const CliResult help = run_wormsim("run --help", "doc_run_help");
  ASSERT_EQ(help.exit_code, 0) << help.err;
  std::set<std::string> flags;
  const std::regex option(R"(^\s+(--[a-z0-9-]+))");
  std::istringstream in(help.out);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, option) && m[1] != "--help") flags.insert(m[1]);
  }
  ASSERT_GT(flags.size(), 40u);
  const std::string doc = slurp(kReference);
  const std::size_t from = doc.find("## Settings");
  const std::size_t to = doc.find("\n## ", from + 1);
  ASSERT_NE(from, std::string::npos);
  std::set<std::string> rows;  // the flags in the first cell of each row
  std::istringstream table(doc.substr(from, to - from));
  const std::regex flag_in_cell("`(--[a-z0-9-]+)");
  for (std::string line; std::getline(table, line);) {
    if (line.rfind("| `--", 0) != 0) continue;
    const std::string first = line.substr(0, line.find(" |", 2));
    for (auto it = std::sregex_iterator(first.begin(), first.end(), flag_in_cell); it != std::sregex_iterator(); ++it)
      rows.insert((*it)[1].str());
  }
  for (const std::string& f : flags) EXPECT_TRUE(rows.count(f)) << f << " has no row in docs/reference.md's settings";
  for (const std::string& f : rows) EXPECT_TRUE(flags.count(f)) << f << " is documented but `wormsim run` has no such flag";
}

}  // namespace
}  // namespace wormsim::test
