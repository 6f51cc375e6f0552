// A `contractions` value the pass does not know is E1009 at the module, and
// the pass fails before it lowers anything.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(convert-tiny-to-indexbook{contractions=some})' --verify-diagnostics

// expected-error@+1 {{E1009 PassOptionInvalid: convert-tiny-to-indexbook: option 'contractions': "some" is not leaves, any or none; suggestion: write contractions=leaves (the default), any or none}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
