; The report gives each allocation site the shortest chain of calls that
; reaches its function from a root: main, a thread entry, or a function no
; call of the program reaches. setup's calloc is reached from main;
; new_conn's malloc from the thread entry worker through serve; alloc_buf is
; called both by main and, deeper, by worker: the nearest root wins.
;
;   #include <pthread.h>
;   #include <stdlib.h>
;   #include <string.h>
;
;   struct conn { long bytes; int fd; };
;   static long *table;
;   static char *scratch;
;
;   __attribute__((noinline)) static char *alloc_buf(void) {
;     return malloc(64);
;   }
;
;   __attribute__((noinline)) static struct conn *new_conn(int fd) {
;     struct conn *c = malloc(sizeof *c);
;     c->fd = fd;
;     c->bytes = 0;
;     return c;
;   }
;
;   __attribute__((noinline)) static long serve(int fd) {
;     struct conn *c = new_conn(fd);
;     char *b = alloc_buf();
;     memset(b, fd, 64);
;     c->bytes += b[fd & 63];
;     long n = c->bytes;
;     free(b);
;     free(c);
;     return n;
;   }
;
;   __attribute__((noinline)) static void setup(int n) {
;     table = calloc(n, sizeof *table);
;   }
;
;   static void *worker(void *p) {
;     long id = (long)p, sum = 0;
;     for (int i = 0; i < 100000; ++i) {
;       sum += serve(i);
;       table[id] += 1;
;     }
;     return (void *)sum;
;   }
;
;   int main(int argc, char **argv) {
;     pthread_t t[4];
;     setup(argc + 3);
;     scratch = alloc_buf();
;     for (long i = 0; i < 4; ++i)
;       pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 4; ++i)
;       pthread_join(t[i], 0);
;     return table[0] != 100000 || !scratch;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-LABEL: "allocations": [
; CHECK-DAG: "call_path":["main","alloc_buf"],{{.*}}"function":"alloc_buf"
; CHECK-DAG: "call_path":["worker","serve","new_conn"],{{.*}}"function":"new_conn"
; CHECK-DAG: "call_path":["main","setup"],{{.*}}"function":"setup"
; CHECK: "summary":

; ModuleID = 'call_path.c'
source_filename = "call_path.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@scratch = internal unnamed_addr global ptr null, align 8
@table = internal unnamed_addr global ptr null, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [4 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %3) #11
  %4 = add nsw i32 %0, 3
  tail call fastcc void @setup(i32 noundef %4)
  %5 = tail call fastcc ptr @alloc_buf()
  store ptr %5, ptr @scratch, align 8, !tbaa !5
  %6 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #11
  %7 = getelementptr inbounds i8, ptr %3, i64 8
  %8 = call i32 @pthread_create(ptr noundef nonnull %7, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #11
  %9 = getelementptr inbounds i8, ptr %3, i64 16
  %10 = call i32 @pthread_create(ptr noundef nonnull %9, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 2 to ptr)) #11
  %11 = getelementptr inbounds i8, ptr %3, i64 24
  %12 = call i32 @pthread_create(ptr noundef nonnull %11, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 3 to ptr)) #11
  %13 = load i64, ptr %3, align 16, !tbaa !9
  %14 = call i32 @pthread_join(i64 noundef %13, ptr noundef null) #11
  %15 = load i64, ptr %7, align 8, !tbaa !9
  %16 = call i32 @pthread_join(i64 noundef %15, ptr noundef null) #11
  %17 = load i64, ptr %9, align 16, !tbaa !9
  %18 = call i32 @pthread_join(i64 noundef %17, ptr noundef null) #11
  %19 = load i64, ptr %11, align 8, !tbaa !9
  %20 = call i32 @pthread_join(i64 noundef %19, ptr noundef null) #11
  %21 = load ptr, ptr @table, align 8, !tbaa !5
  %22 = load i64, ptr %21, align 8, !tbaa !9
  %23 = icmp ne i64 %22, 100000
  %24 = load ptr, ptr @scratch, align 8
  %25 = icmp eq ptr %24, null
  %26 = select i1 %23, i1 true, i1 %25
  %27 = zext i1 %26 to i32
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %3) #11
  ret i32 %27
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable
define internal fastcc void @setup(i32 noundef %0) unnamed_addr #2 {
  %2 = sext i32 %0 to i64
  %3 = tail call noalias ptr @calloc(i64 noundef %2, i64 noundef 8) #12
  store ptr %3, ptr @table, align 8, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(inaccessiblemem: readwrite) uwtable
define internal fastcc noalias noundef ptr @alloc_buf() unnamed_addr #3 {
  %1 = tail call noalias dereferenceable_or_null(64) ptr @malloc(i64 noundef 64) #13
  ret ptr %1
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  br label %5

3:                                                ; preds = %5
  %4 = inttoptr i64 %9 to ptr
  ret ptr %4

5:                                                ; preds = %1, %5
  %6 = phi i32 [ 0, %1 ], [ %14, %5 ]
  %7 = phi i64 [ 0, %1 ], [ %9, %5 ]
  %8 = tail call fastcc i64 @serve(i32 noundef %6)
  %9 = add nsw i64 %8, %7
  %10 = load ptr, ptr @table, align 8, !tbaa !5
  %11 = getelementptr inbounds i64, ptr %10, i64 %2
  %12 = load i64, ptr %11, align 8, !tbaa !9
  %13 = add nsw i64 %12, 1
  store i64 %13, ptr %11, align 8, !tbaa !9
  %14 = add nsw i32 %6, 1
  %15 = icmp eq i32 %14, 100000
  br i1 %15, label %3, label %5, !llvm.loop !11
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @calloc(i64 noundef, i64 noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #7

; Function Attrs: mustprogress noinline nounwind willreturn memory(readwrite, argmem: write) uwtable
define internal fastcc i64 @serve(i32 noundef %0) unnamed_addr #8 {
  %2 = tail call fastcc ptr @new_conn(i32 noundef %0)
  %3 = tail call fastcc ptr @alloc_buf()
  %4 = trunc i32 %0 to i8
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 1 dereferenceable(64) %3, i8 %4, i64 64, i1 false)
  %5 = and i32 %0, 63
  %6 = zext i32 %5 to i64
  %7 = getelementptr inbounds i8, ptr %3, i64 %6
  %8 = load i8, ptr %7, align 1, !tbaa !13
  %9 = sext i8 %8 to i64
  %10 = load i64, ptr %2, align 8, !tbaa !14
  %11 = add nsw i64 %10, %9
  tail call void @free(ptr noundef %3) #11
  tail call void @free(ptr noundef %2) #11
  ret i64 %11
}

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable
define internal fastcc noalias noundef ptr @new_conn(i32 noundef %0) unnamed_addr #2 {
  %2 = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #13
  %3 = getelementptr inbounds i8, ptr %2, i64 8
  store i32 %0, ptr %3, align 8, !tbaa !17
  store i64 0, ptr %2, align 8, !tbaa !14
  ret ptr %2
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #9

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #10

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree noinline nounwind willreturn memory(inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress noinline nounwind willreturn memory(readwrite, argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #10 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { nounwind }
attributes #12 = { nounwind allocsize(0,1) }
attributes #13 = { nounwind allocsize(0) }

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
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!7, !7, i64 0}
!14 = !{!15, !10, i64 0}
!15 = !{!"conn", !10, i64 0, !16, i64 8}
!16 = !{!"int", !7, i64 0}
!17 = !{!15, !16, i64 8}
