#include "content/markov_names.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "content/tape.hpp"

namespace dw::content {

namespace {

constexpr std::uint32_t alphabet = 27;  // boundary + a..z
constexpr int max_attempts = 64;

bool is_vowel(char c) {
  switch (c) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
    case 'y':
      return true;
    default:
      return false;
  }
}

std::uint32_t context_modulus(int order) {
  std::uint32_t m = 1;
  for (int i = 0; i < order; ++i) {
    m *= alphabet;
  }
  return m;
}

std::string capitalised(std::string word) {
  if (!word.empty()) {
    word.front() = static_cast<char>(word.front() - 'a' + 'A');
  }
  return word;
}

}  // namespace

bool is_pronounceable(std::string_view word) {
  int vowels = 0;
  int consonants = 0;
  for (char raw : word) {
    const char c = (raw >= 'A' && raw <= 'Z') ? static_cast<char>(raw - 'A' + 'a') : raw;
    if (c < 'a' || c > 'z') {
      return false;
    }
    if (is_vowel(c)) {
      ++vowels;
      consonants = 0;
    } else {
      ++consonants;
      vowels = 0;
    }
    if (vowels > 2 || consonants > 2) {
      return false;
    }
  }
  return !word.empty();
}

markov_names markov_names::train(std::span<const std::string> words, int order) {
  markov_names model;
  model.order_ = std::clamp(order, 1, 4);
  const std::uint32_t modulus = context_modulus(model.order_);
  std::map<std::uint32_t, std::array<std::uint32_t, alphabet>> counts;
  for (const std::string& word : words) {
    std::uint32_t context = 0;
    for (char c : word) {
      const auto symbol = static_cast<std::uint32_t>(c - 'a' + 1);
      ++counts[context][symbol];
      context = (context * alphabet + symbol) % modulus;
    }
    ++counts[context][0];
  }
  for (const auto& [context, row_counts] : counts) {
    row r;
    r.context = context;
    r.first = static_cast<std::uint32_t>(model.next_.size());
    for (std::uint32_t symbol = 0; symbol < alphabet; ++symbol) {
      if (row_counts[symbol] > 0) {
        model.next_.push_back({static_cast<std::uint8_t>(symbol), row_counts[symbol]});
        r.total += row_counts[symbol];
      }
    }
    r.count = static_cast<std::uint32_t>(model.next_.size()) - r.first;
    model.rows_.push_back(r);  // std::map iterates in context order, so rows_ is sorted
  }
  model.training_.assign(words.begin(), words.end());
  std::sort(model.training_.begin(), model.training_.end());
  return model;
}

std::string markov_names::attempt(std::uint64_t seed) const {
  const std::uint32_t modulus = context_modulus(order_);
  tape_reader reader{tape{seed}};
  std::string out;
  std::uint32_t context = 0;
  while (true) {
    auto it = std::lower_bound(rows_.begin(), rows_.end(), context,
                               [](const row& r, std::uint32_t c) { return r.context < c; });
    if (it == rows_.end() || it->context != context) {
      return {};
    }
    auto target = static_cast<std::uint32_t>(reader.next() * static_cast<double>(it->total));
    std::uint8_t symbol = next_[it->first + it->count - 1].symbol;
    for (std::uint32_t i = it->first; i < it->first + it->count; ++i) {
      if (target < next_[i].weight) {
        symbol = next_[i].symbol;
        break;
      }
      target -= next_[i].weight;
    }
    if (symbol == 0) {
      return out;
    }
    if (out.size() == max_length) {
      return {};  // too long: give up early rather than build the rest
    }
    out.push_back(static_cast<char>('a' + symbol - 1));
    context = (context * alphabet + symbol) % modulus;
  }
}

bool markov_names::is_training_word(std::string_view word) const {
  return std::binary_search(training_.begin(), training_.end(), word);
}

std::string markov_names::generate(std::uint64_t seed) const {
  const tape attempts{seed};
  std::string fallback;
  for (int i = 0; i < max_attempts; ++i) {
    std::string candidate = attempt(attempts.bits(static_cast<std::uint64_t>(i)));
    if (candidate.size() < min_length || !is_pronounceable(candidate)) {
      continue;
    }
    if (!is_training_word(candidate)) {
      return capitalised(std::move(candidate));
    }
    if (fallback.empty()) {
      fallback = std::move(candidate);
    }
  }
  if (!fallback.empty()) {
    return capitalised(std::move(fallback));
  }
  if (!training_.empty()) {
    return capitalised(training_[seed % training_.size()]);
  }
  return "Nameless";
}

}  // namespace dw::content
