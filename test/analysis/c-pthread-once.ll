; Rule 7 (start-up: pthread_once routines): every worker calls
; pthread_once(&once, init_table), but init_table runs once over the
; program's life, so its store to @table_size is a start-up write and the
; workers' loop only reads it: read-mostly. The once-control word is
; written at most once and never read by the module: neutral "never read"
; (its write is no hot write although pthread_once runs in a thread entry).
;
;   static pthread_once_t once = PTHREAD_ONCE_INIT; static int table_size;
;   static void init_table(void) { table_size = 64; }
;   static void *worker(void *a) { long n = 0; pthread_once(&once, init_table);
;     for (int i = 0; i < 1000; ++i) n += table_size; return (void *)n; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"neutral","name":"once","reads":0,"reason":"never read",{{.*}}"function":"worker","function_role":"thread entry","kind":"run-once control"
; CHECK-DAG: "class":"read-mostly","name":"table_size","reads":1,"reason":"written only at start-up (store in init_table (run-once routine)); read by load in worker (thread entry) in a loop"
; CHECK: "start_up_functions": ["init_table"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@once = internal global i32 0, align 4
@table_size = internal global i32 0, align 4

define internal void @init_table() {
entry:
  store i32 64, ptr @table_size, align 4
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  %o = call i32 @pthread_once(ptr @once, ptr @init_table)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @table_size, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_once(ptr, ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
