; print<cacheline-layout>: "line size: N", one "global NAME: CLASS: REASON"
; line per global in module order, "threads: yes|no", then one
; "function F: ROLE" line per defined function, sorted by name. The module
; has one function for each role:
;   worker       thread entry                        (pthread_create)
;   init         global constructor                  (llvm.global_ctors)
;   once_init    run-once routine                    (pthread_once)
;   parse        called only at start-up             (main before pthread_create)
;   on_event     callback of unknown code            (register_handler)
;   bump         called repeatedly while threads run (called from worker)
;   cleanup      exit handler                        (atexit)
;   main         main
;   reconfigure  called at run time                  (main after pthread_create)
; and globals of each class.
;
;   static long hits; static int cfg, verbose, table_size, mode, events, done_flag;
;   static pthread_once_t once; extern int ext; static const int k = 3;
;   static void bump(long *p) { ++*p; }
;   static void *worker(void *a) { long n = 0; pthread_once(&once, once_init);
;     for (int i = 0; i < 1000; ++i) { bump(&hits); n += cfg + verbose + table_size + mode + events + k + ext; } return (void *)n; }
;   __attribute__((constructor)) static void init(void) { cfg = 1; }
;   static void once_init(void) { table_size = 64; }
;   static void parse(int argc) { verbose = argc; }
;   static void on_event(int e) { events = e; }
;   static void cleanup(void) { done_flag = 1; }
;   static void reconfigure(int m) { mode = m; }
;   extern void register_handler(void (*)(int));
;   int main(int argc, char **argv) { pthread_t t; atexit(cleanup); parse(argc); register_handler(on_event);
;     pthread_create(&t, 0, worker, 0); reconfigure(argc); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -disable-output %s

; CHECK:      line size: 128
; CHECK-NEXT: global ext: skipped: declaration: defined outside this module
; CHECK-NEXT: global k: skipped: constant
; CHECK-NEXT: global hits: write-hot: written while threads run: store in bump (called repeatedly while threads run)
; CHECK-NEXT: global cfg: read-mostly: written only at start-up (store in init (global constructor)); read by load in worker (thread entry) in a loop
; CHECK-NEXT: global verbose: read-mostly: written only at start-up (store in parse (called only at start-up)); read by load in worker (thread entry) in a loop
; CHECK-NEXT: global once: neutral: never read
; CHECK-NEXT: global table_size: read-mostly: written only at start-up (store in once_init (run-once routine)); read by load in worker (thread entry) in a loop
; CHECK-NEXT: global mode: read-mostly: written only rarely while threads run (store in reconfigure (called at run time)); read by load in worker (thread entry) in a loop
; CHECK-NEXT: global events: write-hot: written while threads run: store in on_event (callback of unknown code)
; CHECK-NEXT: global done_flag: neutral: never read
; CHECK-NEXT: threads: yes
; CHECK-NEXT: function bump: called repeatedly while threads run
; CHECK-NEXT: function cleanup: exit handler
; CHECK-NEXT: function init: global constructor
; CHECK-NEXT: function main: main
; CHECK-NEXT: function on_event: callback of unknown code
; CHECK-NEXT: function once_init: run-once routine
; CHECK-NEXT: function parse: called only at start-up
; CHECK-NEXT: function reconfigure: called at run time
; CHECK-NEXT: function worker: thread entry
; CHECK-NOT: {{.}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ext = external global i32, align 4
@k = internal constant i32 3, align 4
@hits = internal global i64 0, align 8
@cfg = internal global i32 0, align 4
@verbose = internal global i32 0, align 4
@once = internal global i32 0, align 4
@table_size = internal global i32 0, align 4
@mode = internal global i32 0, align 4
@events = internal global i32 0, align 4
@done_flag = internal global i32 0, align 4
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]

define internal void @init() {
entry:
  store i32 1, ptr @cfg, align 4
  ret void
}

define internal void @once_init() {
entry:
  store i32 64, ptr @table_size, align 4
  ret void
}

define internal void @parse(i32 %argc) noinline {
entry:
  store i32 %argc, ptr @verbose, align 4
  ret void
}

define internal void @on_event(i32 %e) {
entry:
  store i32 %e, ptr @events, align 4
  ret void
}

define internal void @cleanup() {
entry:
  store i32 1, ptr @done_flag, align 4
  ret void
}

define internal void @reconfigure(i32 %m) noinline {
entry:
  store i32 %m, ptr @mode, align 4
  ret void
}

define internal void @bump(ptr %p) noinline {
entry:
  %v = load i64, ptr %p, align 8
  %v1 = add nsw i64 %v, 1
  store i64 %v1, ptr %p, align 8
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  %o = call i32 @pthread_once(ptr @once, ptr @once_init)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  call void @bump(ptr @hits)
  %a = load i32, ptr @cfg, align 4
  %b = load i32, ptr @verbose, align 4
  %c = load i32, ptr @table_size, align 4
  %d = load i32, ptr @mode, align 4
  %e = load i32, ptr @events, align 4
  %f = load i32, ptr @k, align 4
  %g = load i32, ptr @ext, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %s6 = add i32 %s5, %g
  %s64 = sext i32 %s6 to i64
  %n.next = add i64 %n, %s64
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
  %ax = call i32 @atexit(ptr @cleanup)
  call void @parse(i32 %argc)
  call void @register_handler(ptr @on_event)
  %cr = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  call void @reconfigure(i32 %argc)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @atexit(ptr)
declare void @register_handler(ptr)
declare i32 @pthread_once(ptr, ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
