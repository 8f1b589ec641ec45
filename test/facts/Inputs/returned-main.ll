; Writes, in its threads' loop, through the address slot_for() of
; returned-lib.ll returns.
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  br label %for.body.i

for.body.i:                                       ; preds = %for.body.i, %entry
  %i.03.i = phi i32 [ 0, %entry ], [ %inc.i, %for.body.i ]
  %call.i = call ptr @slot_for(i32 noundef %i.03.i)
  %0 = load i32, ptr %call.i, align 4
  %add.i = add nsw i32 %0, 1
  store i32 %add.i, ptr %call.i, align 4
  %inc.i = add nuw nsw i32 %i.03.i, 1
  %exitcond.not.i = icmp eq i32 %inc.i, 1000
  br i1 %exitcond.not.i, label %worker.exit, label %for.body.i

worker.exit:                                      ; preds = %for.body.i
  %1 = load i64, ptr %t, align 8
  %call2 = call i32 @pthread_join(i64 noundef %1, ptr noundef null)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nounwind uwtable
define internal noalias noundef ptr @worker(ptr nocapture readnone %a) {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %i.03 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %call = tail call ptr @slot_for(i32 noundef %i.03)
  %0 = load i32, ptr %call, align 4
  %add = add nsw i32 %0, 1
  store i32 %add, ptr %call, align 4
  %inc = add nuw nsw i32 %i.03, 1
  %exitcond.not = icmp eq i32 %inc, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare ptr @slot_for(i32 noundef) local_unnamed_addr



