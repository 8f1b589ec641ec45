; Rule 3 through derived addresses: the worker's loop increments a field of
; a struct, once through a getelementptr instruction (@stats.hits) and once
; through a constant-expression getelementptr (@totals.bytes). Stores
; through derived pointers are stores to the global: both are write-hot.
;
;   static struct { long lookups, hits; } stats;
;   static struct { long calls, bytes; } totals;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) { ++stats.hits; totals.bytes += i; } return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"stats","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop","size":16
; CHECK-DAG: "class":"write-hot","name":"totals","reads":1,"reason":"written while threads run: store in worker (thread entry) in a loop","size":16

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.stats = type { i64, i64 }

@stats = internal global %struct.stats zeroinitializer, align 8
@totals = internal global %struct.stats zeroinitializer, align 8

define internal ptr @worker(ptr %arg) {
entry:
  %hits = getelementptr inbounds %struct.stats, ptr @stats, i64 0, i32 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %h = load i64, ptr %hits, align 8
  %h1 = add nsw i64 %h, 1
  store i64 %h1, ptr %hits, align 8
  %i64 = zext i32 %i to i64
  %b = load i64, ptr getelementptr inbounds (%struct.stats, ptr @totals, i64 0, i32 1), align 8
  %b1 = add nsw i64 %b, %i64
  store i64 %b1, ptr getelementptr inbounds (%struct.stats, ptr @totals, i64 0, i32 1), align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
