; Points-to: functions registered through variadic arguments. main hands
; its start-up hooks to add_init_hooks(n, ...) and its tick hook to
; add_tick_hooks(n, ...), which copy them with va_arg into two tables; main
; runs the first table before the threads start, the workers the second in
; their loop. va_start points the va_list at the arguments a call passes
; beyond the parameters (one object per variadic function), so what va_arg
; loads is what the calls passed: the workers' call reaches count_tick only,
; and read_port, which sets port, runs only at start-up: port is read-mostly
; (by signature the workers' call reached every hook, and port was
; write-hot).
;
;   #include <pthread.h>
;   #include <stdarg.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   typedef void hook_fn(void);
;   static hook_fn *init_hooks[8], *tick_hooks[8];
;   static int ninit, ntick;
;   static long port, ticks;
;   __attribute__((noinline)) static void add_init_hooks(int n, ...) {
;     va_list ap;
;     va_start(ap, n);
;     for (int i = 0; i < n && ninit < 8; ++i)
;       init_hooks[ninit++] = va_arg(ap, hook_fn *);
;     va_end(ap);
;   }
;   __attribute__((noinline)) static void add_tick_hooks(int n, ...) {
;     va_list ap;
;     va_start(ap, n);
;     for (int i = 0; i < n && ntick < 8; ++i)
;       tick_hooks[ntick++] = va_arg(ap, hook_fn *);
;     va_end(ap);
;   }
;   static void read_port(void) { port = getenv("PORT") ? atol(getenv("PORT")) : 80; }
;   static void read_none(void) { }
;   static void count_tick(void) { __atomic_fetch_add(&ticks, 1, __ATOMIC_RELAXED); }
;   static void *worker(void *a) {
;     for (long i = 0; i < 1000000; ++i)
;       if (i % (port + 1) == 0)
;         for (int h = 0; h < ntick; ++h) tick_hooks[h]();
;     return a;
;   }
;   int main(void) {
;     add_init_hooks(2, read_port, read_none);
;     add_tick_hooks(1, count_tick);
;     for (int h = 0; h < ninit; ++h) init_hooks[h]();
;     pthread_t t[2];
;     for (int i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld %ld\n", port, ticks);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"port",{{.*}}"reason":"written only at start-up (store in read_port (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"ticks",
; CHECK-DAG: "indirect_calls": {"calls":2,"resolved":2,"signature_targets":6,"targets":3}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__va_list_tag = type { i32, i32, ptr, ptr }

@ninit = internal unnamed_addr global i32 0, align 4
@init_hooks = internal unnamed_addr global [8 x ptr] zeroinitializer, align 16
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@port = internal unnamed_addr global i64 0, align 8
@ticks = internal global i64 0, align 8
@.str.1 = private unnamed_addr constant [5 x i8] c"PORT\00", align 1
@ntick = internal unnamed_addr global i32 0, align 4
@tick_hooks = internal unnamed_addr global [8 x ptr] zeroinitializer, align 16

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  tail call void (i32, ...) @add_init_hooks(i32 poison, ptr noundef nonnull @read_port, ptr noundef nonnull @read_none)
  tail call void (i32, ...) @add_tick_hooks(i32 poison, ptr noundef nonnull @count_tick)
  %0 = load i32, ptr @ninit, align 4, !tbaa !5
  %cmp28 = icmp sgt i32 %0, 0
  br i1 %cmp28, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #13
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #13
  %arrayidx6.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx6.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #13
  %1 = load i64, ptr %t, align 16, !tbaa !9
  %call17 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #13
  %2 = load i64, ptr %arrayidx6.1, align 8, !tbaa !9
  %call17.1 = call i32 @pthread_join(i64 noundef %2, ptr noundef null) #13
  %3 = load i64, ptr @port, align 8, !tbaa !9
  %4 = load i64, ptr @ticks, align 8, !tbaa !9
  %call21 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %3, i64 noundef %4)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #13
  ret i32 0

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds [8 x ptr], ptr @init_hooks, i64 0, i64 %indvars.iv
  %5 = load ptr, ptr %arrayidx, align 8, !tbaa !11
  tail call void %5() #13
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %6 = load i32, ptr @ninit, align 4, !tbaa !5
  %7 = sext i32 %6 to i64
  %cmp = icmp slt i64 %indvars.iv.next, %7
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !13
}

; Function Attrs: nofree noinline norecurse nosync nounwind uwtable
define internal void @add_init_hooks(i32 %n, ...) unnamed_addr #1 {
entry:
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %ap) #13
  call void @llvm.va_start(ptr nonnull %ap)
  %ninit.promoted = load i32, ptr @ninit, align 4
  %cmp19 = icmp slt i32 %ninit.promoted, 8
  br i1 %cmp19, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %ap.promoted = load i32, ptr %ap, align 16
  %overflow_arg_area_p = getelementptr inbounds i8, ptr %ap, i64 8
  %0 = getelementptr inbounds i8, ptr %ap, i64 16
  %reg_save_area = load ptr, ptr %0, align 16
  %overflow_arg_area_p.promoted = load ptr, ptr %overflow_arg_area_p, align 8
  %1 = sext i32 %ninit.promoted to i64
  %.not = icmp eq i32 %ninit.promoted, 7
  %2 = select i1 %.not, i32 1, i32 2
  %xtraiter = and i32 %2, 1
  br i1 %.not, label %for.cond.for.cond.cleanup_crit_edge.unr-lcssa, label %for.body.lr.ph.new

for.body.lr.ph.new:                               ; preds = %for.body.lr.ph
  %unroll_iter = and i32 %2, 2
  br label %for.body

for.cond.for.cond.cleanup_crit_edge.unr-lcssa:    ; preds = %vaarg.end.1, %for.body.lr.ph
  %indvars.iv.next.lcssa.ph = phi i64 [ poison, %for.body.lr.ph ], [ %indvars.iv.next.1, %vaarg.end.1 ]
  %indvars.iv.unr = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next.1, %vaarg.end.1 ]
  %overflow_arg_area14.unr = phi ptr [ %overflow_arg_area_p.promoted, %for.body.lr.ph ], [ %overflow_arg_area13.1, %vaarg.end.1 ]
  %gp_offset810.unr = phi i32 [ %ap.promoted, %for.body.lr.ph ], [ %gp_offset7.1, %vaarg.end.1 ]
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0
  br i1 %lcmp.mod.not, label %for.cond.for.cond.cleanup_crit_edge, label %for.body.epil

for.body.epil:                                    ; preds = %for.cond.for.cond.cleanup_crit_edge.unr-lcssa
  %fits_in_gp.epil = icmp ult i32 %gp_offset810.unr, 41
  br i1 %fits_in_gp.epil, label %vaarg.in_reg.epil, label %vaarg.in_mem.epil

vaarg.in_mem.epil:                                ; preds = %for.body.epil
  %overflow_arg_area.next.epil = getelementptr i8, ptr %overflow_arg_area14.unr, i64 8
  store ptr %overflow_arg_area.next.epil, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end.epil

vaarg.in_reg.epil:                                ; preds = %for.body.epil
  %3 = zext i32 %gp_offset810.unr to i64
  %4 = getelementptr i8, ptr %reg_save_area, i64 %3
  %5 = add nuw nsw i32 %gp_offset810.unr, 8
  store i32 %5, ptr %ap, align 16
  br label %vaarg.end.epil

vaarg.end.epil:                                   ; preds = %vaarg.in_reg.epil, %vaarg.in_mem.epil
  %vaarg.addr.epil = phi ptr [ %4, %vaarg.in_reg.epil ], [ %overflow_arg_area14.unr, %vaarg.in_mem.epil ]
  %6 = load ptr, ptr %vaarg.addr.epil, align 8, !tbaa !11
  %indvars.iv.next.epil = add nsw i64 %indvars.iv.unr, 1
  %arrayidx.epil = getelementptr inbounds [8 x ptr], ptr @init_hooks, i64 0, i64 %indvars.iv.unr
  store ptr %6, ptr %arrayidx.epil, align 8, !tbaa !11
  br label %for.cond.for.cond.cleanup_crit_edge

for.cond.for.cond.cleanup_crit_edge:              ; preds = %for.cond.for.cond.cleanup_crit_edge.unr-lcssa, %vaarg.end.epil
  %indvars.iv.next.lcssa = phi i64 [ %indvars.iv.next.lcssa.ph, %for.cond.for.cond.cleanup_crit_edge.unr-lcssa ], [ %indvars.iv.next.epil, %vaarg.end.epil ]
  %7 = trunc i64 %indvars.iv.next.lcssa to i32
  store i32 %7, ptr @ninit, align 4, !tbaa !5
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.for.cond.cleanup_crit_edge, %entry
  call void @llvm.va_end(ptr nonnull %ap)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %ap) #13
  ret void

for.body:                                         ; preds = %vaarg.end.1, %for.body.lr.ph.new
  %indvars.iv = phi i64 [ %1, %for.body.lr.ph.new ], [ %indvars.iv.next.1, %vaarg.end.1 ]
  %overflow_arg_area14 = phi ptr [ %overflow_arg_area_p.promoted, %for.body.lr.ph.new ], [ %overflow_arg_area13.1, %vaarg.end.1 ]
  %gp_offset810 = phi i32 [ %ap.promoted, %for.body.lr.ph.new ], [ %gp_offset7.1, %vaarg.end.1 ]
  %niter = phi i32 [ 0, %for.body.lr.ph.new ], [ %niter.next.1, %vaarg.end.1 ]
  %fits_in_gp = icmp ult i32 %gp_offset810, 41
  br i1 %fits_in_gp, label %vaarg.in_reg, label %vaarg.in_mem

vaarg.in_reg:                                     ; preds = %for.body
  %8 = zext i32 %gp_offset810 to i64
  %9 = getelementptr i8, ptr %reg_save_area, i64 %8
  %10 = add nuw nsw i32 %gp_offset810, 8
  store i32 %10, ptr %ap, align 16
  br label %vaarg.end

vaarg.in_mem:                                     ; preds = %for.body
  %overflow_arg_area.next = getelementptr i8, ptr %overflow_arg_area14, i64 8
  store ptr %overflow_arg_area.next, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end

vaarg.end:                                        ; preds = %vaarg.in_mem, %vaarg.in_reg
  %overflow_arg_area13 = phi ptr [ %overflow_arg_area14, %vaarg.in_reg ], [ %overflow_arg_area.next, %vaarg.in_mem ]
  %gp_offset7 = phi i32 [ %10, %vaarg.in_reg ], [ %gp_offset810, %vaarg.in_mem ]
  %vaarg.addr = phi ptr [ %9, %vaarg.in_reg ], [ %overflow_arg_area14, %vaarg.in_mem ]
  %11 = load ptr, ptr %vaarg.addr, align 8, !tbaa !11
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %arrayidx = getelementptr inbounds [8 x ptr], ptr @init_hooks, i64 0, i64 %indvars.iv
  store ptr %11, ptr %arrayidx, align 8, !tbaa !11
  %fits_in_gp.1 = icmp ult i32 %gp_offset7, 41
  br i1 %fits_in_gp.1, label %vaarg.in_reg.1, label %vaarg.in_mem.1

vaarg.in_mem.1:                                   ; preds = %vaarg.end
  %overflow_arg_area.next.1 = getelementptr i8, ptr %overflow_arg_area13, i64 8
  store ptr %overflow_arg_area.next.1, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end.1

vaarg.in_reg.1:                                   ; preds = %vaarg.end
  %12 = zext i32 %gp_offset7 to i64
  %13 = getelementptr i8, ptr %reg_save_area, i64 %12
  %14 = add nuw nsw i32 %gp_offset7, 8
  store i32 %14, ptr %ap, align 16
  br label %vaarg.end.1

vaarg.end.1:                                      ; preds = %vaarg.in_reg.1, %vaarg.in_mem.1
  %overflow_arg_area13.1 = phi ptr [ %overflow_arg_area13, %vaarg.in_reg.1 ], [ %overflow_arg_area.next.1, %vaarg.in_mem.1 ]
  %gp_offset7.1 = phi i32 [ %14, %vaarg.in_reg.1 ], [ %gp_offset7, %vaarg.in_mem.1 ]
  %vaarg.addr.1 = phi ptr [ %13, %vaarg.in_reg.1 ], [ %overflow_arg_area13, %vaarg.in_mem.1 ]
  %15 = load ptr, ptr %vaarg.addr.1, align 8, !tbaa !11
  %indvars.iv.next.1 = add nsw i64 %indvars.iv, 2
  %arrayidx.1 = getelementptr inbounds [8 x ptr], ptr @init_hooks, i64 0, i64 %indvars.iv.next
  store ptr %15, ptr %arrayidx.1, align 8, !tbaa !11
  %niter.next.1 = add i32 %niter, 2
  %niter.ncmp.1 = icmp eq i32 %niter.next.1, %unroll_iter
  br i1 %niter.ncmp.1, label %for.cond.for.cond.cleanup_crit_edge.unr-lcssa, label %for.body, !llvm.loop !15
}

; Function Attrs: nofree nounwind uwtable
define internal void @read_port() #2 {
entry:
  %call = tail call ptr @getenv(ptr noundef nonnull @.str.1) #13
  %tobool.not = icmp eq ptr %call, null
  br i1 %tobool.not, label %cond.end, label %cond.true

cond.true:                                        ; preds = %entry
  %call.i = tail call i64 @strtol(ptr nocapture noundef nonnull %call, ptr noundef null, i32 noundef 10) #13
  br label %cond.end

cond.end:                                         ; preds = %entry, %cond.true
  %cond = phi i64 [ %call.i, %cond.true ], [ 80, %entry ]
  store i64 %cond, ptr @port, align 8, !tbaa !9
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal void @read_none() #3 {
entry:
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn uwtable
define internal void @add_tick_hooks(i32 %n, ...) unnamed_addr #4 {
entry:
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %ap) #13
  call void @llvm.va_start(ptr nonnull %ap)
  %ntick.promoted = load i32, ptr @ntick, align 4
  %cmp19 = icmp slt i32 %ntick.promoted, 8
  br i1 %cmp19, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %ap.promoted = load i32, ptr %ap, align 16
  %fits_in_gp = icmp ult i32 %ap.promoted, 41
  br i1 %fits_in_gp, label %vaarg.in_reg, label %vaarg.in_mem

for.cond.cleanup:                                 ; preds = %vaarg.end, %entry
  call void @llvm.va_end(ptr nonnull %ap)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %ap) #13
  ret void

vaarg.in_reg:                                     ; preds = %for.body.lr.ph
  %0 = getelementptr inbounds i8, ptr %ap, i64 16
  %reg_save_area = load ptr, ptr %0, align 16
  %1 = zext i32 %ap.promoted to i64
  %2 = getelementptr i8, ptr %reg_save_area, i64 %1
  %3 = add nuw nsw i32 %ap.promoted, 8
  store i32 %3, ptr %ap, align 16
  br label %vaarg.end

vaarg.in_mem:                                     ; preds = %for.body.lr.ph
  %overflow_arg_area_p = getelementptr inbounds i8, ptr %ap, i64 8
  %overflow_arg_area_p.promoted = load ptr, ptr %overflow_arg_area_p, align 8
  %overflow_arg_area.next = getelementptr i8, ptr %overflow_arg_area_p.promoted, i64 8
  store ptr %overflow_arg_area.next, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end

vaarg.end:                                        ; preds = %vaarg.in_mem, %vaarg.in_reg
  %vaarg.addr = phi ptr [ %2, %vaarg.in_reg ], [ %overflow_arg_area_p.promoted, %vaarg.in_mem ]
  %4 = load ptr, ptr %vaarg.addr, align 8, !tbaa !11
  %idxprom = sext i32 %ntick.promoted to i64
  %arrayidx = getelementptr inbounds [8 x ptr], ptr @tick_hooks, i64 0, i64 %idxprom
  store ptr %4, ptr %arrayidx, align 8, !tbaa !11
  %inc = add nsw i32 %ntick.promoted, 1
  store i32 %inc, ptr @ntick, align 4, !tbaa !5
  br label %for.cond.cleanup
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @count_tick() #5 {
entry:
  %0 = atomicrmw add ptr @ticks, i64 1 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #6

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #7

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef readnone returned %a) #0 {
entry:
  %.pre = load i32, ptr @ntick, align 4
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.inc6
  ret ptr %a

for.body:                                         ; preds = %entry, %for.inc6
  %0 = phi i32 [ %.pre, %entry ], [ %5, %for.inc6 ]
  %i.015 = phi i64 [ 0, %entry ], [ %inc7, %for.inc6 ]
  %1 = load i64, ptr @port, align 8, !tbaa !9
  %add = add nsw i64 %1, 1
  %rem = srem i64 %i.015, %add
  %cmp1 = icmp eq i64 %rem, 0
  %cmp313 = icmp sgt i32 %0, 0
  %or.cond = select i1 %cmp1, i1 %cmp313, i1 false
  br i1 %or.cond, label %for.body5, label %for.inc6

for.body5:                                        ; preds = %for.body, %for.body5
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body5 ], [ 0, %for.body ]
  %arrayidx = getelementptr inbounds [8 x ptr], ptr @tick_hooks, i64 0, i64 %indvars.iv
  %2 = load ptr, ptr %arrayidx, align 8, !tbaa !11
  tail call void %2() #13
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %3 = load i32, ptr @ntick, align 4
  %4 = sext i32 %3 to i64
  %cmp3 = icmp slt i64 %indvars.iv.next, %4
  br i1 %cmp3, label %for.body5, label %for.inc6, !llvm.loop !16

for.inc6:                                         ; preds = %for.body5, %for.body
  %5 = phi i32 [ %0, %for.body ], [ %3, %for.body5 ]
  %inc7 = add nuw nsw i64 %i.015, 1
  %exitcond.not = icmp eq i64 %inc7, 1000000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !17
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #8

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #9

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_start(ptr) #10

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_end(ptr) #10

; Function Attrs: nofree nounwind memory(read)
declare noundef ptr @getenv(ptr nocapture noundef) local_unnamed_addr #11

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #12

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree noinline norecurse nosync nounwind willreturn uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #7 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { mustprogress nocallback nofree nosync nounwind willreturn }
attributes #11 = { nofree nounwind memory(read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #13 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
