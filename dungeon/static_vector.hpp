#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>

namespace dw::dungeon {

/// A vector with inline storage for at most N elements: change sets never touch the heap.
template <class T, std::size_t N>
class static_vector {
 public:
  /// Appends v; more than N elements is a logic error in the caller.
  constexpr void push_back(const T& v) {
    if (size_ == N) {
      throw std::length_error("static_vector full");
    }
    items_[size_++] = v;
  }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  static constexpr std::size_t capacity() noexcept { return N; }
  constexpr void clear() noexcept { size_ = 0; }
  constexpr const T& operator[](std::size_t i) const noexcept { return items_[i]; }
  constexpr T& operator[](std::size_t i) noexcept { return items_[i]; }
  constexpr const T* begin() const noexcept { return items_.data(); }
  constexpr const T* end() const noexcept { return items_.data() + size_; }
  constexpr T* begin() noexcept { return items_.data(); }
  constexpr T* end() noexcept { return items_.data() + size_; }

 private:
  std::array<T, N> items_{};
  std::size_t size_ = 0;
};

}  // namespace dw::dungeon
