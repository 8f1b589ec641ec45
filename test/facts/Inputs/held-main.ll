; A worker reads names_data and writes counters_data through the pointer
; variables of held-lib.ll: see held-address-two-tu.test.
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.entry = type { i32, ptr }

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@sum = internal unnamed_addr global i64 0, align 8
@names = external local_unnamed_addr global ptr, align 8
@hidden = external local_unnamed_addr global ptr, align 8
@counters = external local_unnamed_addr global ptr, align 8

define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  tail call void @lib_init()
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %0 = load i64, ptr %t, align 8
  %call1 = call i32 @pthread_join(i64 noundef %0, ptr noundef null)
  %1 = load i64, ptr @sum, align 8
  %call2 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %1)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @lib_init() local_unnamed_addr

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %a) {
entry:
  %0 = load ptr, ptr @names, align 8
  %1 = load ptr, ptr @hidden, align 8
  %2 = load ptr, ptr @counters, align 8
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  store i64 %add2, ptr @sum, align 8
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %i.012 = phi i32 [ 0, %entry ], [ %inc6, %for.body ]
  %n.011 = phi i64 [ 0, %entry ], [ %add2, %for.body ]
  %and = and i32 %i.012, 1
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds %struct.entry, ptr %0, i64 %idxprom
  %3 = load i32, ptr %arrayidx, align 8
  %4 = load i32, ptr %1, align 4
  %add = add nsw i32 %4, %3
  %conv = sext i32 %add to i64
  %add2 = add nsw i64 %n.011, %conv
  %and3 = and i32 %i.012, 3
  %idxprom4 = zext i32 %and3 to i64
  %arrayidx5 = getelementptr inbounds i32, ptr %2, i64 %idxprom4
  %5 = load i32, ptr %arrayidx5, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, ptr %arrayidx5, align 4
  %inc6 = add nuw nsw i32 %i.012, 1
  %exitcond.not = icmp eq i32 %inc6, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

