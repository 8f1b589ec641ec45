; Points-to: the constants that hold no pointer (strings, tables of
; numbers) are one object. seen[] gets the 70 names and, once, the hooks'
; address; with a location per string its one field (indexed by i) would
; point to 71 locations, past the 64 a set may hold: widened, and what it
; held would escape, hooks with it, so unknown code could replace hooks.run:
; the workers' call unresolved, set_limit (by signature) a target, limit
; write-hot. With the strings one object the set holds two locations: the
; call reaches add and sub only, and limit is read-mostly.
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct ops { void (*run)(long); };
;   static long limit, total;
;   static void set_limit(long v) { limit = v; }
;   static void add(long v) { __atomic_fetch_add(&total, v, __ATOMIC_RELAXED); }
;   static void sub(long v) { __atomic_fetch_sub(&total, v, __ATOMIC_RELAXED); }
;   static struct ops hooks;
;   static const char *const names[70] = {
;       "name0", "name1", "name2", "name3", "name4", "name5", "name6", "name7", "name8", "name9",
;       "name10", "name11", "name12", "name13", "name14", "name15", "name16", "name17", "name18", "name19",
;       "name20", "name21", "name22", "name23", "name24", "name25", "name26", "name27", "name28", "name29",
;       "name30", "name31", "name32", "name33", "name34", "name35", "name36", "name37", "name38", "name39",
;       "name40", "name41", "name42", "name43", "name44", "name45", "name46", "name47", "name48", "name49",
;       "name50", "name51", "name52", "name53", "name54", "name55", "name56", "name57", "name58", "name59",
;       "name60", "name61", "name62", "name63", "name64", "name65", "name66", "name67", "name68", "name69"};
;   /* What main saw: the 70 names, and the hooks' address. */
;   static const void *seen[72];
;   static void *worker(void *a) {
;     for (long i = 0; i < limit; ++i)
;       hooks.run(i);
;     return a;
;   }
;   int main(int argc, char **argv) {
;     for (int i = 0; i < 70; ++i)
;       seen[i] = names[i];
;     seen[argc + 69] = &hooks;
;     hooks.run = argc > 3 ? sub : add;
;     void (*volatile init)(long) = set_limit;
;     init(argc > 1 ? atol(argv[1]) : 1000);
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld %s\n", total, (const char *)seen[argc % 70]);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "indirect_calls": {"calls":2,"resolved":2,
; CHECK-DAG: "class":"read-mostly","name":"limit",{{.*}}"reason":"written only at start-up (store in set_limit (called only at start-up))

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ops = type { ptr }

@names = internal unnamed_addr constant [70 x ptr] [ptr @.str.1, ptr @.str.2, ptr @.str.3, ptr @.str.4, ptr @.str.5, ptr @.str.6, ptr @.str.7, ptr @.str.8, ptr @.str.9, ptr @.str.10, ptr @.str.11, ptr @.str.12, ptr @.str.13, ptr @.str.14, ptr @.str.15, ptr @.str.16, ptr @.str.17, ptr @.str.18, ptr @.str.19, ptr @.str.20, ptr @.str.21, ptr @.str.22, ptr @.str.23, ptr @.str.24, ptr @.str.25, ptr @.str.26, ptr @.str.27, ptr @.str.28, ptr @.str.29, ptr @.str.30, ptr @.str.31, ptr @.str.32, ptr @.str.33, ptr @.str.34, ptr @.str.35, ptr @.str.36, ptr @.str.37, ptr @.str.38, ptr @.str.39, ptr @.str.40, ptr @.str.41, ptr @.str.42, ptr @.str.43, ptr @.str.44, ptr @.str.45, ptr @.str.46, ptr @.str.47, ptr @.str.48, ptr @.str.49, ptr @.str.50, ptr @.str.51, ptr @.str.52, ptr @.str.53, ptr @.str.54, ptr @.str.55, ptr @.str.56, ptr @.str.57, ptr @.str.58, ptr @.str.59, ptr @.str.60, ptr @.str.61, ptr @.str.62, ptr @.str.63, ptr @.str.64, ptr @.str.65, ptr @.str.66, ptr @.str.67, ptr @.str.68, ptr @.str.69, ptr @.str.70], align 16
@seen = internal unnamed_addr global [72 x ptr] zeroinitializer, align 16
@hooks = internal global %struct.ops zeroinitializer, align 8
@.str = private unnamed_addr constant [8 x i8] c"%ld %s\0A\00", align 1
@total = internal global i64 0, align 8
@.str.1 = private unnamed_addr constant [6 x i8] c"name0\00", align 1
@.str.2 = private unnamed_addr constant [6 x i8] c"name1\00", align 1
@.str.3 = private unnamed_addr constant [6 x i8] c"name2\00", align 1
@.str.4 = private unnamed_addr constant [6 x i8] c"name3\00", align 1
@.str.5 = private unnamed_addr constant [6 x i8] c"name4\00", align 1
@.str.6 = private unnamed_addr constant [6 x i8] c"name5\00", align 1
@.str.7 = private unnamed_addr constant [6 x i8] c"name6\00", align 1
@.str.8 = private unnamed_addr constant [6 x i8] c"name7\00", align 1
@.str.9 = private unnamed_addr constant [6 x i8] c"name8\00", align 1
@.str.10 = private unnamed_addr constant [6 x i8] c"name9\00", align 1
@.str.11 = private unnamed_addr constant [7 x i8] c"name10\00", align 1
@.str.12 = private unnamed_addr constant [7 x i8] c"name11\00", align 1
@.str.13 = private unnamed_addr constant [7 x i8] c"name12\00", align 1
@.str.14 = private unnamed_addr constant [7 x i8] c"name13\00", align 1
@.str.15 = private unnamed_addr constant [7 x i8] c"name14\00", align 1
@.str.16 = private unnamed_addr constant [7 x i8] c"name15\00", align 1
@.str.17 = private unnamed_addr constant [7 x i8] c"name16\00", align 1
@.str.18 = private unnamed_addr constant [7 x i8] c"name17\00", align 1
@.str.19 = private unnamed_addr constant [7 x i8] c"name18\00", align 1
@.str.20 = private unnamed_addr constant [7 x i8] c"name19\00", align 1
@.str.21 = private unnamed_addr constant [7 x i8] c"name20\00", align 1
@.str.22 = private unnamed_addr constant [7 x i8] c"name21\00", align 1
@.str.23 = private unnamed_addr constant [7 x i8] c"name22\00", align 1
@.str.24 = private unnamed_addr constant [7 x i8] c"name23\00", align 1
@.str.25 = private unnamed_addr constant [7 x i8] c"name24\00", align 1
@.str.26 = private unnamed_addr constant [7 x i8] c"name25\00", align 1
@.str.27 = private unnamed_addr constant [7 x i8] c"name26\00", align 1
@.str.28 = private unnamed_addr constant [7 x i8] c"name27\00", align 1
@.str.29 = private unnamed_addr constant [7 x i8] c"name28\00", align 1
@.str.30 = private unnamed_addr constant [7 x i8] c"name29\00", align 1
@.str.31 = private unnamed_addr constant [7 x i8] c"name30\00", align 1
@.str.32 = private unnamed_addr constant [7 x i8] c"name31\00", align 1
@.str.33 = private unnamed_addr constant [7 x i8] c"name32\00", align 1
@.str.34 = private unnamed_addr constant [7 x i8] c"name33\00", align 1
@.str.35 = private unnamed_addr constant [7 x i8] c"name34\00", align 1
@.str.36 = private unnamed_addr constant [7 x i8] c"name35\00", align 1
@.str.37 = private unnamed_addr constant [7 x i8] c"name36\00", align 1
@.str.38 = private unnamed_addr constant [7 x i8] c"name37\00", align 1
@.str.39 = private unnamed_addr constant [7 x i8] c"name38\00", align 1
@.str.40 = private unnamed_addr constant [7 x i8] c"name39\00", align 1
@.str.41 = private unnamed_addr constant [7 x i8] c"name40\00", align 1
@.str.42 = private unnamed_addr constant [7 x i8] c"name41\00", align 1
@.str.43 = private unnamed_addr constant [7 x i8] c"name42\00", align 1
@.str.44 = private unnamed_addr constant [7 x i8] c"name43\00", align 1
@.str.45 = private unnamed_addr constant [7 x i8] c"name44\00", align 1
@.str.46 = private unnamed_addr constant [7 x i8] c"name45\00", align 1
@.str.47 = private unnamed_addr constant [7 x i8] c"name46\00", align 1
@.str.48 = private unnamed_addr constant [7 x i8] c"name47\00", align 1
@.str.49 = private unnamed_addr constant [7 x i8] c"name48\00", align 1
@.str.50 = private unnamed_addr constant [7 x i8] c"name49\00", align 1
@.str.51 = private unnamed_addr constant [7 x i8] c"name50\00", align 1
@.str.52 = private unnamed_addr constant [7 x i8] c"name51\00", align 1
@.str.53 = private unnamed_addr constant [7 x i8] c"name52\00", align 1
@.str.54 = private unnamed_addr constant [7 x i8] c"name53\00", align 1
@.str.55 = private unnamed_addr constant [7 x i8] c"name54\00", align 1
@.str.56 = private unnamed_addr constant [7 x i8] c"name55\00", align 1
@.str.57 = private unnamed_addr constant [7 x i8] c"name56\00", align 1
@.str.58 = private unnamed_addr constant [7 x i8] c"name57\00", align 1
@.str.59 = private unnamed_addr constant [7 x i8] c"name58\00", align 1
@.str.60 = private unnamed_addr constant [7 x i8] c"name59\00", align 1
@.str.61 = private unnamed_addr constant [7 x i8] c"name60\00", align 1
@.str.62 = private unnamed_addr constant [7 x i8] c"name61\00", align 1
@.str.63 = private unnamed_addr constant [7 x i8] c"name62\00", align 1
@.str.64 = private unnamed_addr constant [7 x i8] c"name63\00", align 1
@.str.65 = private unnamed_addr constant [7 x i8] c"name64\00", align 1
@.str.66 = private unnamed_addr constant [7 x i8] c"name65\00", align 1
@.str.67 = private unnamed_addr constant [7 x i8] c"name66\00", align 1
@.str.68 = private unnamed_addr constant [7 x i8] c"name67\00", align 1
@.str.69 = private unnamed_addr constant [7 x i8] c"name68\00", align 1
@.str.70 = private unnamed_addr constant [7 x i8] c"name69\00", align 1
@limit = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 {
  %3 = alloca ptr, align 8
  %4 = alloca [2 x i64], align 16
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(560) @seen, ptr noundef nonnull align 16 dereferenceable(560) @names, i64 560, i1 false), !tbaa !5
  %5 = add nsw i32 %0, 69
  %6 = sext i32 %5 to i64
  %7 = getelementptr inbounds [72 x ptr], ptr @seen, i64 0, i64 %6
  store ptr @hooks, ptr %7, align 8, !tbaa !5
  %8 = icmp sgt i32 %0, 3
  %9 = select i1 %8, ptr @sub, ptr @add
  store ptr %9, ptr @hooks, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  store volatile ptr @set_limit, ptr %3, align 8, !tbaa !5
  %10 = load volatile ptr, ptr %3, align 8, !tbaa !5
  %11 = icmp sgt i32 %0, 1
  br i1 %11, label %12, label %16

12:                                               ; preds = %2
  %13 = getelementptr inbounds i8, ptr %1, i64 8
  %14 = load ptr, ptr %13, align 8, !tbaa !5
  %15 = tail call i64 @strtol(ptr nocapture noundef nonnull %14, ptr noundef null, i32 noundef 10) #9
  br label %16

16:                                               ; preds = %2, %12
  %17 = phi i64 [ %15, %12 ], [ 1000, %2 ]
  tail call void %10(i64 noundef %17) #9
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4) #9
  %18 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #9
  %19 = getelementptr inbounds i8, ptr %4, i64 8
  %20 = call i32 @pthread_create(ptr noundef nonnull %19, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #9
  %21 = load i64, ptr %4, align 16, !tbaa !11
  %22 = call i32 @pthread_join(i64 noundef %21, ptr noundef null) #9
  %23 = load i64, ptr %19, align 8, !tbaa !11
  %24 = call i32 @pthread_join(i64 noundef %23, ptr noundef null) #9
  %25 = load i64, ptr @total, align 8, !tbaa !11
  %26 = srem i32 %0, 70
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds [72 x ptr], ptr @seen, i64 0, i64 %27
  %29 = load ptr, ptr %28, align 8, !tbaa !5
  %30 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %25, ptr noundef %29)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4) #9
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @sub(i64 noundef %0) #2 {
  %2 = atomicrmw sub ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @add(i64 noundef %0) #2 {
  %2 = atomicrmw add ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal void @set_limit(i64 noundef %0) #3 {
  store i64 %0, ptr @limit, align 8, !tbaa !11
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef readnone returned %0) #0 {
  %2 = load i64, ptr @limit, align 8, !tbaa !11
  %3 = icmp sgt i64 %2, 0
  br i1 %3, label %5, label %4

4:                                                ; preds = %5, %1
  ret ptr %0

5:                                                ; preds = %1, %5
  %6 = phi i64 [ %8, %5 ], [ 0, %1 ]
  %7 = load ptr, ptr @hooks, align 8, !tbaa !9
  tail call void %7(i64 noundef %6) #9
  %8 = add nuw nsw i64 %6, 1
  %9 = load i64, ptr @limit, align 8, !tbaa !11
  %10 = icmp slt i64 %8, %9
  br i1 %10, label %5, label %4, !llvm.loop !13
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #7

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #8

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #9 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !6, i64 0}
!10 = !{!"ops", !6, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
