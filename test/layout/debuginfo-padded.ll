; REQUIRES: x86-registered-target
; Debug info survives padding (x86_64, line 128). @counter (write-hot: atomic
; add in the worker loop) is replaced by a { i64, [120 x i8] } global; the
; new global carries the same !dbg DIGlobalVariableExpression, and the
; DIGlobalVariable still describes an 8-byte `_Atomic long` named counter
; (the variable starts at the symbol, so no fragment or offset is needed).
; @limit (read-mostly: set in main before pthread_create) only moves and keeps
; its !dbg too. The compile unit's globals list is unchanged. In the object
; file (llc), DWARF still describes counter as an 8-byte _Atomic long with
; an address location, while its symbol has grown to 128 bytes.
; Source (clang-19 -O1 -g, metadata trimmed):
;   static _Atomic long counter;  static int limit;
;   static void *worker(void *a) { for (int i = 0; i < limit; ++i) counter++; return a; }
;   int main(int argc, char **argv) { pthread_t t; limit = argc; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: %llc -O2 -filetype=obj %t.ll -o %t.o
; RUN: llvm-dwarfdump --debug-info %t.o > %t.dwarf
; RUN: llvm-readelf -s %t.o > %t.syms
; RUN: FileCheck %s --check-prefix=DWARF --input-file=%t.dwarf
; RUN: FileCheck %s --check-prefix=SYMS --input-file=%t.syms

; CHECK-DAG: @counter = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8, !dbg [[COUNTER:![0-9]+]]
; CHECK-DAG: @limit = internal unnamed_addr global i32 0, section ".bss.read_mostly", align 4, !dbg [[LIMIT:![0-9]+]]
; CHECK-DAG: !llvm.dbg.cu = !{[[CU:![0-9]+]]}
; CHECK-DAG: [[CU]] = distinct !DICompileUnit({{.*}}globals: [[GLOBALS:![0-9]+]]
; CHECK-DAG: [[GLOBALS]] = !{[[LIMIT]], [[COUNTER]]}
; CHECK-DAG: [[COUNTER]] = !DIGlobalVariableExpression(var: [[CVAR:![0-9]+]], expr: !DIExpression())
; CHECK-DAG: [[CVAR]] = distinct !DIGlobalVariable(name: "counter", scope: [[CU]], file: [[FILE:![0-9]+]], line: 2, type: [[ATOMIC:![0-9]+]], isLocal: true, isDefinition: true)
; CHECK-DAG: [[ATOMIC]] = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: [[LONG:![0-9]+]])
; CHECK-DAG: [[LONG]] = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
; CHECK-DAG: [[LIMIT]] = !DIGlobalVariableExpression(var: [[LVAR:![0-9]+]], expr: !DIExpression())
; CHECK-DAG: [[LVAR]] = distinct !DIGlobalVariable(name: "limit", scope: [[CU]], file: [[FILE]], line: 2, type: [[INT:![0-9]+]], isLocal: true, isDefinition: true)

; DWARF:      DW_TAG_variable
; DWARF-NEXT:   DW_AT_name ("limit")
; DWARF:      DW_TAG_variable
; DWARF-NEXT:   DW_AT_name ("counter")
; DWARF-NEXT:   DW_AT_type ({{.*}})
; DWARF-NEXT:   DW_AT_decl_file ("/tmp/dbg.c")
; DWARF-NEXT:   DW_AT_decl_line (2)
; DWARF-NEXT:   DW_AT_location (DW_OP_addrx 0x{{[0-9a-f]+}})
; DWARF-EMPTY:
; DWARF-NEXT: DW_TAG_atomic_type
; DWARF-NEXT:   DW_AT_type ({{.*}} "long")
; DWARF-EMPTY:
; DWARF-NEXT: DW_TAG_base_type
; DWARF-NEXT:   DW_AT_name ("long")
; DWARF-NEXT:   DW_AT_encoding (DW_ATE_signed)
; DWARF-NEXT:   DW_AT_byte_size (0x08)

; SYMS-DAG: 128 OBJECT LOCAL DEFAULT {{[0-9]+}} counter
; SYMS-DAG: 4 OBJECT LOCAL DEFAULT {{[0-9]+}} limit

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@limit = internal unnamed_addr global i32 0, align 4, !dbg !0
@counter = internal global i64 0, align 8, !dbg !5

define internal ptr @worker(ptr %a) {
entry:
  %n = load i32, ptr @limit, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr @counter, i64 1 seq_cst, align 8
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret ptr %a
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @limit, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!10, !11}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "limit", scope: !2, file: !3, line: 2, type: !9, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "clang version 19", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "dbg.c", directory: "/tmp")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 2, type: !7, isLocal: true, isDefinition: true)
!7 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !8)
!8 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !{i32 7, !"Dwarf Version", i32 5}
!11 = !{i32 2, !"Debug Info Version", i32 3}
