// x multiplied by a constant 70 times (a scale an exporter never folded).
module {
  func.func @const_chain(%x: tensor<?xf32, ["N"]> {dlc.name = "X"}) -> (tensor<?xf32, ["N"]> {dlc.name = "Y"}) {
    %c0 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v0 = "tiny.mul"(%x, %c0) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c1 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v1 = "tiny.mul"(%v0, %c1) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c2 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v2 = "tiny.mul"(%v1, %c2) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c3 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v3 = "tiny.mul"(%v2, %c3) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c4 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v4 = "tiny.mul"(%v3, %c4) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c5 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v5 = "tiny.mul"(%v4, %c5) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c6 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v6 = "tiny.mul"(%v5, %c6) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c7 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v7 = "tiny.mul"(%v6, %c7) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c8 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v8 = "tiny.mul"(%v7, %c8) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c9 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v9 = "tiny.mul"(%v8, %c9) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c10 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v10 = "tiny.mul"(%v9, %c10) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c11 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v11 = "tiny.mul"(%v10, %c11) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c12 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v12 = "tiny.mul"(%v11, %c12) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c13 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v13 = "tiny.mul"(%v12, %c13) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c14 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v14 = "tiny.mul"(%v13, %c14) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c15 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v15 = "tiny.mul"(%v14, %c15) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c16 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v16 = "tiny.mul"(%v15, %c16) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c17 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v17 = "tiny.mul"(%v16, %c17) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c18 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v18 = "tiny.mul"(%v17, %c18) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c19 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v19 = "tiny.mul"(%v18, %c19) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c20 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v20 = "tiny.mul"(%v19, %c20) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c21 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v21 = "tiny.mul"(%v20, %c21) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c22 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v22 = "tiny.mul"(%v21, %c22) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c23 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v23 = "tiny.mul"(%v22, %c23) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c24 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v24 = "tiny.mul"(%v23, %c24) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c25 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v25 = "tiny.mul"(%v24, %c25) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c26 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v26 = "tiny.mul"(%v25, %c26) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c27 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v27 = "tiny.mul"(%v26, %c27) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c28 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v28 = "tiny.mul"(%v27, %c28) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c29 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v29 = "tiny.mul"(%v28, %c29) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c30 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v30 = "tiny.mul"(%v29, %c30) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c31 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v31 = "tiny.mul"(%v30, %c31) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c32 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v32 = "tiny.mul"(%v31, %c32) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c33 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v33 = "tiny.mul"(%v32, %c33) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c34 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v34 = "tiny.mul"(%v33, %c34) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c35 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v35 = "tiny.mul"(%v34, %c35) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c36 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v36 = "tiny.mul"(%v35, %c36) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c37 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v37 = "tiny.mul"(%v36, %c37) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c38 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v38 = "tiny.mul"(%v37, %c38) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c39 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v39 = "tiny.mul"(%v38, %c39) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c40 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v40 = "tiny.mul"(%v39, %c40) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c41 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v41 = "tiny.mul"(%v40, %c41) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c42 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v42 = "tiny.mul"(%v41, %c42) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c43 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v43 = "tiny.mul"(%v42, %c43) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c44 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v44 = "tiny.mul"(%v43, %c44) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c45 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v45 = "tiny.mul"(%v44, %c45) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c46 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v46 = "tiny.mul"(%v45, %c46) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c47 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v47 = "tiny.mul"(%v46, %c47) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c48 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v48 = "tiny.mul"(%v47, %c48) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c49 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v49 = "tiny.mul"(%v48, %c49) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c50 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v50 = "tiny.mul"(%v49, %c50) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c51 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v51 = "tiny.mul"(%v50, %c51) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c52 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v52 = "tiny.mul"(%v51, %c52) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c53 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v53 = "tiny.mul"(%v52, %c53) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c54 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v54 = "tiny.mul"(%v53, %c54) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c55 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v55 = "tiny.mul"(%v54, %c55) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c56 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v56 = "tiny.mul"(%v55, %c56) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c57 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v57 = "tiny.mul"(%v56, %c57) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c58 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v58 = "tiny.mul"(%v57, %c58) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c59 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v59 = "tiny.mul"(%v58, %c59) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c60 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v60 = "tiny.mul"(%v59, %c60) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c61 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v61 = "tiny.mul"(%v60, %c61) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c62 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v62 = "tiny.mul"(%v61, %c62) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c63 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v63 = "tiny.mul"(%v62, %c63) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c64 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v64 = "tiny.mul"(%v63, %c64) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c65 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v65 = "tiny.mul"(%v64, %c65) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c66 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v66 = "tiny.mul"(%v65, %c66) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c67 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v67 = "tiny.mul"(%v66, %c67) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c68 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v68 = "tiny.mul"(%v67, %c68) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    %c69 = "tiny.const"() {value = 1.001 : f32} : () -> tensor<f32>
    %v69 = "tiny.mul"(%v68, %c69) : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
    return %v69 : tensor<?xf32, ["N"]>
  }
}
