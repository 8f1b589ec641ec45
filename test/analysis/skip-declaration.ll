; Rule 1: a global that is only declared here (defined in another module or
; a shared library) is skipped ("declaration: defined outside this
; module"), even when a thread entry writes it in a busy loop: its
; definition, and so its placement, is not ours. It appears in the JSON
; report but gets no remark (there is nothing in this module to attach it
; to). The defined internal `mine`, with the same accesses, is write-hot.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"ext_counter","reads":{{[0-9]+}},"reason":"declaration: defined outside this module",
; CHECK-DAG: "class":"skipped","name":"ext_weak_decl","reads":{{[0-9]+}},"reason":"declaration: defined outside this module",
; CHECK-DAG: "class":"write-hot","name":"mine","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop",
; CHECK-DAG: "summary": {"globals":3,"neutral":0,"read-mostly":0,"skipped":2,"write-hot":1}

; REMARK-NOT: global ext_counter
; REMARK-NOT: global ext_weak_decl
; REMARK: remark: {{.*}}global mine is write-hot:
; REMARK-NOT: global ext_counter
; REMARK-NOT: global ext_weak_decl

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ext_counter = external global i64, align 8
@ext_weak_decl = extern_weak global i64, align 8
@mine = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i64, ptr @ext_counter, align 8
  %a1 = add i64 %a, 1
  store i64 %a1, ptr @ext_counter, align 8
  %b = atomicrmw add ptr @ext_weak_decl, i64 1 monotonic, align 8
  %c = load i64, ptr @mine, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr @mine, align 8
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
