; Rule 1: a thread_local global is skipped ("thread-local"): each thread has
; its own copy, so no other thread writes its line. That holds even when it
; is written in a thread entry's busy loop, the strongest write-hot signal:
; `tls_count` (accessed through llvm.threadlocal.address, as clang emits it)
; stays skipped, while `shared_count`, written by the same loop, is
; write-hot. `tls_ie` (initialexec) is skipped the same way.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"tls_count","reads":{{[0-9]+}},"reason":"thread-local",
; CHECK-DAG: "class":"skipped","name":"tls_ie","reads":{{[0-9]+}},"reason":"thread-local",
; CHECK-DAG: "class":"write-hot","name":"shared_count","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "summary": {"globals":3,"neutral":0,"read-mostly":0,"skipped":2,"write-hot":1}

; REMARK-DAG: remark: {{.*}}global tls_count is skipped: thread-local
; REMARK-DAG: remark: {{.*}}global tls_ie is skipped: thread-local
; REMARK-DAG: remark: {{.*}}global shared_count is write-hot:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tls_count = internal thread_local global i64 0, align 8
@tls_ie = internal thread_local(initialexec) global i64 0, align 8
@shared_count = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @tls_count)
  %ie = call ptr @llvm.threadlocal.address.p0(ptr @tls_ie)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i64, ptr %tls, align 8
  %a1 = add i64 %a, 1
  store i64 %a1, ptr %tls, align 8
  %b = atomicrmw add ptr %ie, i64 1 monotonic, align 8
  %c = load i64, ptr @shared_count, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr @shared_count, align 8
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

declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
