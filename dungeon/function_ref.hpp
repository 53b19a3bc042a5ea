#pragma once

#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace dw::dungeon {

template <class Signature>
class function_ref;

/// A non-owning reference to a callable: two pointers, no allocation, cheaper than std::function.
/// The referenced callable must outlive the call it is passed to (pass lambdas directly as arguments).
template <class R, class... Args>
class function_ref<R(Args...)> {
 public:
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, function_ref> &&
             std::is_object_v<std::remove_reference_t<F>> && std::is_invocable_r_v<R, F&, Args...>)
  function_ref(F&& f) noexcept  // NOLINT(google-explicit-constructor): implicit by design, like std::function_ref
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, Args... args) -> R {
          return std::invoke(*static_cast<std::remove_reference_t<F>*>(object), std::forward<Args>(args)...);
        }) {}

  /// Calls the referenced callable.
  R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

}  // namespace dw::dungeon
