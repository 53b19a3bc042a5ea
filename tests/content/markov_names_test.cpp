#include <gtest/gtest.h>

#include <set>

#include "content/markov_names.hpp"
#include "content_test_support.hpp"
#include "seed/mix64.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

TEST(IsPronounceable, AllowsAtMostTwoConsonantsOrTwoVowelsInARow) {
  EXPECT_TRUE(is_pronounceable("Vandoril"));
  EXPECT_TRUE(is_pronounceable("aldaren"));
  EXPECT_TRUE(is_pronounceable("Yselda"));       // y counts as a vowel
  EXPECT_FALSE(is_pronounceable("Strangeth"));   // s-t-r
  EXPECT_FALSE(is_pronounceable("Aeolin"));      // a-e-o
  EXPECT_FALSE(is_pronounceable("Kalmvar"));     // l-m-v
  EXPECT_FALSE(is_pronounceable("Dor-an"));
  EXPECT_FALSE(is_pronounceable("Doran5"));
  EXPECT_FALSE(is_pronounceable(""));
}

TEST(MarkovNames, TheSameSeedAlwaysGivesTheSameName) {
  const content_tables tables = real_tables();
  for (std::uint64_t i = 0; i < 2000; ++i) {
    EXPECT_EQ(tables.names.generate(seed::mix64(i)), tables.names.generate(seed::mix64(i)));
  }
  // A model trained again from the same words generates the same names.
  const markov_names a = markov_names::train(std::vector<std::string>{"aldaren", "belisar", "corvina", "dalmira"}, 2);
  const markov_names b = markov_names::train(std::vector<std::string>{"aldaren", "belisar", "corvina", "dalmira"}, 2);
  EXPECT_EQ(a.generate(42), b.generate(42));
}

TEST(MarkovNames, NamesAreCapitalisedPronounceableLettersOfFourToTwelve) {
  const content_tables tables = real_tables();
  for (std::uint64_t i = 0; i < 5000; ++i) {
    const std::string name = tables.names.generate(seed::mix64(i ^ 0x55));
    ASSERT_GE(name.size(), 4U) << name;
    ASSERT_LE(name.size(), 12U) << name;
    EXPECT_TRUE(name[0] >= 'A' && name[0] <= 'Z') << name;
    for (std::size_t c = 1; c < name.size(); ++c) {
      EXPECT_TRUE(name[c] >= 'a' && name[c] <= 'z') << name;
    }
    EXPECT_TRUE(is_pronounceable(name)) << name;
  }
}

TEST(MarkovNames, NamesVaryAndMostlyAreNewWords) {
  const content_tables tables = real_tables();
  std::set<std::string> names;
  int new_words = 0;
  constexpr int n = 2000;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::string name = tables.names.generate(seed::mix64(i + 7));
    name[0] = static_cast<char>(name[0] - 'A' + 'a');
    new_words += tables.names.is_training_word(name) ? 0 : 1;
    names.insert(name);
  }
  EXPECT_GT(names.size(), n / 2);  // short names recur; most do not
  EXPECT_GT(new_words, n * 9 / 10);
  EXPECT_TRUE(tables.names.is_training_word("aldaren"));
}

TEST(MarkovNames, AModelTrainedOnAFewWordsStillKeepsTheRules) {
  const std::vector<std::string> words = {"tarin", "meloran", "sabeth", "ovaris", "kelmora", "dunaris"};
  for (const int order : {2, 3}) {
    const markov_names model = markov_names::train(words, order);
    EXPECT_EQ(model.order(), order);
    for (std::uint64_t i = 0; i < 300; ++i) {
      const std::string name = model.generate(i);
      EXPECT_TRUE(is_pronounceable(name)) << name;
      EXPECT_GE(name.size(), 4U);
      EXPECT_LE(name.size(), 12U);
    }
  }
}

TEST(MarkovNames, AnUntrainedModelStillAnswers) {
  const markov_names empty;
  EXPECT_EQ(empty.generate(1), "Nameless");
}

}  // namespace
}  // namespace dw::content
