; The plugin loads into opt and registers the `cacheline-layout` module pass.
; RUN: %opt -load-pass-plugin=%plugin -passes=cacheline-layout -disable-output %s
; RUN: %opt -load-pass-plugin=%plugin -passes=cacheline-layout -print-pipeline-passes -disable-output %s > %t
; RUN: FileCheck %s --input-file %t
; CHECK: cacheline-layout

@g = internal global i32 0

define i32 @f() {
  %v = load i32, ptr @g
  ret i32 %v
}
