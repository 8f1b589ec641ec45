; Rule 2 (neutral: the program starts no threads): main increments @counter
; in a busy loop and sets @mode, but the module creates no thread and
; defines main. The callbacks it hands out go to known library functions
; that do not start threads (qsort's comparator runs before qsort returns,
; atexit's handler at exit), so they are no callbacks of unknown code. With
; one thread no cache line can be shared: every classifiable global is
; neutral, whatever its accesses, and the report says "threads": false.
;
;   static long counter; static int mode, ncmp, exited; static int keys[4];
;   static int cmp(const void *a, const void *b) { ++ncmp; return *(const int *)a - *(const int *)b; }
;   static void cleanup(void) { exited = 1; }
;   int main(int argc, char **argv) { atexit(cleanup); qsort(keys, 4, sizeof(int), cmp); mode = argc;
;     for (int i = 0; i < 1000000; ++i) counter += mode; return counter; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"neutral","name":"counter","reads":2,"reason":"the program starts no threads: no line can be shared"
; CHECK-DAG: "class":"neutral","name":"mode","reads":1,"reason":"the program starts no threads: no line can be shared"
; CHECK-DAG: "class":"neutral","name":"ncmp","reads":1,"reason":"the program starts no threads: no line can be shared"
; CHECK-DAG: "class":"neutral","name":"exited","reads":0,"reason":"the program starts no threads: no line can be shared"
; CHECK: "threads": false,
; CHECK-NEXT: "thread_entries": [],

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8
@mode = internal global i32 0, align 4
@ncmp = internal global i32 0, align 4
@exited = internal global i32 0, align 4
@keys = internal global [4 x i32] zeroinitializer, align 16

define internal i32 @cmp(ptr %a, ptr %b) {
entry:
  %n = load i32, ptr @ncmp, align 4
  %n1 = add nsw i32 %n, 1
  store i32 %n1, ptr @ncmp, align 4
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr %b, align 4
  %d = sub nsw i32 %x, %y
  ret i32 %d
}

define internal void @cleanup() {
entry:
  store i32 1, ptr @exited, align 4
  ret void
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %ax = call i32 @atexit(ptr @cleanup)
  call void @qsort(ptr @keys, i64 4, i64 4, ptr @cmp)
  store i32 %argc, ptr @mode, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = load i32, ptr @mode, align 4
  %m64 = sext i32 %m to i64
  %c = load i64, ptr @counter, align 8
  %c1 = add nsw i64 %c, %m64
  store i64 %c1, ptr @counter, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  %v = load i64, ptr @counter, align 8
  %r = trunc i64 %v to i32
  ret i32 %r
}

declare i32 @atexit(ptr)
declare void @qsort(ptr, i64, i64, ptr)
