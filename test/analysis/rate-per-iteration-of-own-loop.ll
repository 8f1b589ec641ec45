; Rare writes in a thread entry's own loop: a write's rate is per iteration
; of the innermost busy loop around it. @resets is stored on a branch the
; loop takes 1% of the time (branch weights 1:99): 0.01 times per iteration,
; rare, and read in the loop: read-mostly. (Before, a thread entry's writes
; were also weighed per run of the entry, all its iterations counted: 0.32,
; write-hot; the same code inlined from a function called by the loop was
; rare.) @state is also stored on every iteration: its writes add up to
; more than the rare-write rate, so both are hot, and the reason names the
; write that runs on every iteration, not the rare one (which comes first
; in the global's uses).
;
;   static long state, resets;
;   static void *worker(void *arg) {
;     for (long i = 0; i < (long)arg; ++i) {
;       state = i;
;       if (i % 100 == resets) { state = -1; resets = i; }  // 1%
;     }
;     return 0; }
;   int main(int argc, char **argv) { ... one worker, joined;
;     printf("%ld %ld\n", state, resets); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>,verify' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt

; CHECK: global state: write-hot: written while threads run: store in worker (thread entry) in a loop{{$}}
; CHECK: global resets: read-mostly: written only rarely while threads run (store in worker (thread entry) in a loop, 0.01 times per iteration of the loop driving it)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@state = internal global i64 0, align 8
@resets = internal global i64 0, align 8
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1

define internal ptr @worker(ptr %arg) {
entry:
  %n = ptrtoint ptr %arg to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  store i64 %i, ptr @state, align 8
  %seen = load i64, ptr @resets, align 8
  %r = urem i64 %i, 100
  %is.reset = icmp eq i64 %r, %seen
  br i1 %is.reset, label %reset, label %latch, !prof !0

reset:
  store i64 -1, ptr @state, align 8
  store i64 %i, ptr @resets, align 8
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %n = mul i32 %argc, 1000
  %n.64 = sext i32 %n to i64
  %arg = inttoptr i64 %n.64 to ptr
  %rc = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr %arg)
  %tid = load i64, ptr %t, align 8
  %rj = call i32 @pthread_join(i64 %tid, ptr null)
  %v = load i64, ptr @state, align 8
  %w = load i64, ptr @resets, align 8
  %rp = call i32 (ptr, ...) @printf(ptr @.str, i64 %v, i64 %w)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare i32 @printf(ptr, ...)

!0 = !{!"branch_weights", i32 1, i32 99}
