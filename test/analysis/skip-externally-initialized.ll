; Rule 1: an externally_initialized global is skipped ("externally
; initialized"): its contents may be set by something outside the program
; (a loader, a debugger, another image) that the analysis cannot see. Here it
; is only read by a thread entry and never written in the module, which
; would otherwise make it read-mostly, as it does for `plain`, which has the
; same accesses.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"ext_init","reads":1,"reason":"externally initialized",
; CHECK-DAG: "class":"read-mostly","name":"plain","reads":1,"reason":"never written; read by load in worker (thread entry) in a loop",

; REMARK-DAG: remark: {{.*}}global ext_init is skipped: externally initialized
; REMARK-DAG: remark: {{.*}}global plain is read-mostly: never written

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ext_init = internal externally_initialized global i64 8, align 8
@plain = internal global i64 8, align 8
@sum = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = load i64, ptr @ext_init, align 8
  %b = load i64, ptr @plain, align 8
  %ab = add i64 %a, %b
  %s = atomicrmw add ptr @sum, i64 %ab monotonic, align 8
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
