; Rule 1: a global placed in a section chosen by the user
; (`section "mysec"`, e.g. __attribute__((section("mysec")))) is skipped:
; something outside the compiler (a linker script, __start_mysec/__stop_mysec
; iteration) may depend on where it lies, so the layout pass must not move
; it. It is skipped even though a thread entry hammers it with atomicrmw; the
; report still names the section. `plain`, with the same accesses and no
; section, is write-hot.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"in_section","reads":0,"reason":"section chosen by the user","section":"mysec","size":8,
; CHECK-DAG: "class":"write-hot","name":"plain","reads":0,"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop","size":8,

; REMARK-DAG: remark: {{.*}}global in_section is skipped: section chosen by the user
; REMARK-DAG: remark: {{.*}}global plain is write-hot: written while threads run: atomicrmw in worker (thread entry) in a loop

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@in_section = internal global i64 0, section "mysec", align 8
@plain = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = atomicrmw add ptr @in_section, i64 1 monotonic, align 8
  %b = atomicrmw add ptr @plain, i64 1 monotonic, align 8
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
