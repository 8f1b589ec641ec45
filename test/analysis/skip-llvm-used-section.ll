; Rule 1: a global kept by llvm.used (or llvm.compiler.used) and placed in a
; user section is skipped with its own reason, "in llvm.used with a section
; chosen by the user" (the usual shape of registration tables:
; __attribute__((used, section("mysec")))). Being named in llvm.used alone
; is not an escape and not a reason to skip: `used_nosec` (in llvm.used, no
; section) is classified like any other global and, written in a thread
; entry's busy loop, is write-hot.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"used_sec","reads":1,"reason":"in llvm.used with a section chosen by the user","section":"mysec",
; CHECK-DAG: "class":"skipped","name":"compiler_used_sec","reads":1,"reason":"in llvm.used with a section chosen by the user","section":"mysec",
; CHECK-DAG: "class":"write-hot","name":"used_nosec","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop",

; REMARK-DAG: remark: {{.*}}global used_sec is skipped: in llvm.used with a section chosen by the user
; REMARK-DAG: remark: {{.*}}global compiler_used_sec is skipped: in llvm.used with a section chosen by the user
; REMARK-DAG: remark: {{.*}}global used_nosec is write-hot:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@used_sec = internal global i64 0, section "mysec", align 8
@compiler_used_sec = internal global i64 0, section "mysec", align 8
@used_nosec = internal global i64 0, align 8
@llvm.used = appending global [2 x ptr] [ptr @used_sec, ptr @used_nosec], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @compiler_used_sec], section "llvm.metadata"

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i64, ptr @used_sec, align 8
  %a1 = add i64 %a, 1
  store i64 %a1, ptr @used_sec, align 8
  %b = load i64, ptr @compiler_used_sec, align 8
  %b1 = add i64 %b, 1
  store i64 %b1, ptr @compiler_used_sec, align 8
  %c = load i64, ptr @used_nosec, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr @used_nosec, align 8
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
