; Addresses held in pointer variables: a global's address stored in a
; pointer variable (a global holding one pointer) that the program keeps to
; itself is followed into the pointers loaded from the variable. @cfg, read
; through cfg_ptr in the worker's loop and written only before the thread
; starts, is read-mostly; @hot, written through hot_ptr in the loop, is
; write-hot. @esc's holder has its own address handed to an unknown
; function, which may read esc's address out of it and write esc: skipped.
; @plain, accessed like @cfg without a holder, is read-mostly.
;
;   static int cfg, hot, esc, plain; static int *cfg_ptr, *hot_ptr, *esc_ptr;
;   extern void publish(int **);
;   static void *worker(void *a) { long n = 0;
;     for (int i = 0; i < 1000; ++i) { n += *cfg_ptr + plain; *hot_ptr += 1; }
;     return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; cfg = argc; plain = argc;
;     cfg_ptr = &cfg; hot_ptr = &hot; esc_ptr = &esc; publish(&esc_ptr);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"read-mostly","name":"cfg","reads":1,"reason":"written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"hot",{{.*}}"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"skipped","escape":"address stored in esc_ptr, which code we cannot see may read","name":"esc",
; CHECK-DAG: "class":"read-mostly","name":"plain","reads":1,"reason":"written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cfg = internal global i32 0, align 4
@hot = internal global i32 0, align 4
@esc = internal global i32 0, align 4
@plain = internal global i32 0, align 4
@cfg_ptr = internal global ptr null, align 8
@hot_ptr = internal global ptr null, align 8
@esc_ptr = internal global ptr null, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %p = load ptr, ptr @cfg_ptr, align 8
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr @plain, align 4
  %s = add i32 %a, %b
  %s64 = sext i32 %s to i64
  %n.next = add i64 %n, %s64
  %h = load ptr, ptr @hot_ptr, align 8
  %hv = load i32, ptr %h, align 4
  %hv.next = add i32 %hv, 1
  store i32 %hv.next, ptr %h, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @cfg, align 4
  store i32 %argc, ptr @plain, align 4
  store ptr @cfg, ptr @cfg_ptr, align 8
  store ptr @hot, ptr @hot_ptr, align 8
  store ptr @esc, ptr @esc_ptr, align 8
  call void @publish(ptr @esc_ptr)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @publish(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
