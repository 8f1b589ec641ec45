; Functions handed to code we cannot see in a table: that code calls one
; of the table's functions per call, and without a profile any one as
; likely as another, so each of the twenty entry points of @api (a
; plug-in interface, as SQLite hands sqlite3Apis to a loadable extension)
; gets 1/20 of its calls. api_set_limit's store to @limit is rare: @limit,
; read on every iteration of the workers, is read-mostly. A function handed
; over by itself (event_cb) gets every call: @events stays write-hot. (With
; every callback of unknown code a root of hot code at full rate, @limit was
; write-hot.)
;
;   #include <pthread.h>
;   #include <stdio.h>
;   /* Code the program does not have: a plug-in host and an event library. */
;   extern void load_plugins(const void *api);
;   extern void on_event(void (*cb)(void));
;   static long limit = 100, total, events;
;   static long api_set_limit(long v) { limit = v; return 0; }
;   static long api_get1(void) { return total + 1; }
;   static long api_get2(void) { return total + 2; }
;   static long api_get3(void) { return total + 3; }
;   static long api_get4(void) { return total + 4; }
;   static long api_get5(void) { return total + 5; }
;   static long api_get6(void) { return total + 6; }
;   static long api_get7(void) { return total + 7; }
;   static long api_get8(void) { return total + 8; }
;   static long api_get9(void) { return total + 9; }
;   static long api_get10(void) { return total + 10; }
;   static long api_get11(void) { return total + 11; }
;   static long api_get12(void) { return total + 12; }
;   static long api_get13(void) { return total + 13; }
;   static long api_get14(void) { return total + 14; }
;   static long api_get15(void) { return total + 15; }
;   static long api_get16(void) { return total + 16; }
;   static long api_get17(void) { return total + 17; }
;   static long api_get18(void) { return total + 18; }
;   static long api_get19(void) { return total + 19; }
;   /* The table the program hands to its plug-ins: twenty entry points. */
;   static long (*const api[20])(long) = {api_set_limit,(long (*)(long))api_get1,(long (*)(long))api_get2,(long (*)(long))api_get3,(long (*)(long))api_get4,(long (*)(long))api_get5,(long (*)(long))api_get6,(long (*)(long))api_get7,(long (*)(long))api_get8,(long (*)(long))api_get9,(long (*)(long))api_get10,(long (*)(long))api_get11,(long (*)(long))api_get12,(long (*)(long))api_get13,(long (*)(long))api_get14,(long (*)(long))api_get15,(long (*)(long))api_get16,(long (*)(long))api_get17,(long (*)(long))api_get18,(long (*)(long))api_get19};
;   static void event_cb(void) { events++; }
;   static void *worker(void *a) {
;     for (int i = 0; i < 100000; ++i)
;       if (total < __atomic_load_n(&limit, __ATOMIC_RELAXED)) total++;
;     return 0;
;   }
;   int main(void) {
;     load_plugins(api);
;     on_event(event_cb);
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
;     printf("%ld %ld\n", total, events);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"limit",{{.*}}"reason":"written only rarely while threads run (store in api_set_limit (callback of unknown code), 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"write-hot","name":"events",{{.*}}"reason":"written while threads run: store in event_cb (callback of unknown code)"
; CHECK-DAG: "class":"write-hot","name":"total",
; The merge gives the same classes.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"limit"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"events"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@api = internal constant [20 x ptr] [ptr @api_set_limit, ptr @api_get1, ptr @api_get2, ptr @api_get3, ptr @api_get4, ptr @api_get5, ptr @api_get6, ptr @api_get7, ptr @api_get8, ptr @api_get9, ptr @api_get10, ptr @api_get11, ptr @api_get12, ptr @api_get13, ptr @api_get14, ptr @api_get15, ptr @api_get16, ptr @api_get17, ptr @api_get18, ptr @api_get19], align 16
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@total = internal unnamed_addr global i64 0, align 8
@events = internal unnamed_addr global i64 0, align 8
@limit = internal unnamed_addr global i64 100, align 8

define dso_local noundef i32 @main() local_unnamed_addr  {
  %1 = alloca [2 x i64], align 16
  tail call void @load_plugins(ptr noundef nonnull @api)
  tail call void @on_event(ptr noundef nonnull @event_cb)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %1)
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %3 = getelementptr inbounds i8, ptr %1, i64 8
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %5 = load i64, ptr %1, align 16
  %6 = call i32 @pthread_join(i64 noundef %5, ptr noundef null)
  %7 = load i64, ptr %3, align 8
  %8 = call i32 @pthread_join(i64 noundef %7, ptr noundef null)
  %9 = load i64, ptr @total, align 8
  %10 = load i64, ptr @events, align 8
  %11 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i64 noundef %10)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @load_plugins(ptr noundef) local_unnamed_addr

declare void @on_event(ptr noundef) local_unnamed_addr

define internal void @event_cb()  {
  %1 = load i64, ptr @events, align 8
  %2 = add nsw i64 %1, 1
  store i64 %2, ptr @events, align 8
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0)  {
  %2 = load i64, ptr @total, align 8
  br label %4

3:                                                ; preds = %17
  ret ptr null

4:                                                ; preds = %17, %1
  %5 = phi i32 [ 0, %1 ], [ %19, %17 ]
  %6 = phi i64 [ %2, %1 ], [ %18, %17 ]
  %7 = load atomic i64, ptr @limit monotonic, align 8
  %8 = icmp slt i64 %6, %7
  br i1 %8, label %9, label %11

9:                                                ; preds = %4
  %10 = add nsw i64 %6, 1
  store i64 %10, ptr @total, align 8
  br label %11

11:                                               ; preds = %4, %9
  %12 = phi i64 [ %6, %4 ], [ %10, %9 ]
  %13 = load atomic i64, ptr @limit monotonic, align 8
  %14 = icmp slt i64 %12, %13
  br i1 %14, label %15, label %17

15:                                               ; preds = %11
  %16 = add nsw i64 %12, 1
  store i64 %16, ptr @total, align 8
  br label %17

17:                                               ; preds = %15, %11
  %18 = phi i64 [ %12, %11 ], [ %16, %15 ]
  %19 = add nuw nsw i32 %5, 2
  %20 = icmp eq i32 %19, 100000
  br i1 %20, label %3, label %4
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal noundef i64 @api_set_limit(i64 noundef %0)  {
  store i64 %0, ptr @limit, align 8
  ret i64 0
}

define internal i64 @api_get1()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 1
  ret i64 %2
}

define internal i64 @api_get2()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 2
  ret i64 %2
}

define internal i64 @api_get3()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 3
  ret i64 %2
}

define internal i64 @api_get4()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 4
  ret i64 %2
}

define internal i64 @api_get5()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 5
  ret i64 %2
}

define internal i64 @api_get6()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 6
  ret i64 %2
}

define internal i64 @api_get7()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 7
  ret i64 %2
}

define internal i64 @api_get8()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 8
  ret i64 %2
}

define internal i64 @api_get9()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 9
  ret i64 %2
}

define internal i64 @api_get10()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 10
  ret i64 %2
}

define internal i64 @api_get11()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 11
  ret i64 %2
}

define internal i64 @api_get12()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 12
  ret i64 %2
}

define internal i64 @api_get13()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 13
  ret i64 %2
}

define internal i64 @api_get14()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 14
  ret i64 %2
}

define internal i64 @api_get15()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 15
  ret i64 %2
}

define internal i64 @api_get16()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 16
  ret i64 %2
}

define internal i64 @api_get17()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 17
  ret i64 %2
}

define internal i64 @api_get18()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 18
  ret i64 %2
}

define internal i64 @api_get19()  {
  %1 = load i64, ptr @total, align 8
  %2 = add nsw i64 %1, 19
  ret i64 %2
}
