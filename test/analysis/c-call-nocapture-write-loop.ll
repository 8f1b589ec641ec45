; Rule 3 (write by call): the worker's loop passes @buf to fill, an external
; declaration whose parameter is `nocapture` but not readonly. The callee
; cannot keep the address (no escape) but may write through it on every
; iteration: a write by call in a busy loop, write-hot.
; In the other direction, main calls fill(&init_buf) once before
; pthread_create: a start-up write, and @init_buf, read by the worker, is
; read-mostly.
;
;   static char buf[64], init_buf[64];
;   extern void fill(char *, long);    /* nocapture */
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) { fill(buf, 64); n += init_buf[i & 63]; } return (void *)n; }
;   int main(void) { pthread_t t; fill(init_buf, 64); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: {"align":16,"class":"write-hot","name":"buf","reads":0,"reason":"written while threads run: fill() in worker (thread entry) in a loop",{{.*}}"kind":"call that writes","loop":"busy"
; CHECK-DAG: {"align":16,"class":"read-mostly","name":"init_buf","reads":1,"reason":"written only at start-up (fill() in main before the first thread starts); read by load in worker (thread entry) in a loop",{{.*}}"kind":"call that writes"
; CHECK: "summary": {"globals":2,"neutral":0,"read-mostly":1,"skipped":0,"write-hot":1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = internal global [64 x i8] zeroinitializer, align 16
@init_buf = internal global [64 x i8] zeroinitializer, align 16

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  call void @fill(ptr @buf, i64 64)
  %k = and i32 %i, 63
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds [64 x i8], ptr @init_buf, i64 0, i64 %k64
  %c = load i8, ptr %p, align 1
  %c64 = sext i8 %c to i64
  %n.next = add i64 %n, %c64
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
  call void @fill(ptr @init_buf, i64 64)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @fill(ptr nocapture, i64)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
